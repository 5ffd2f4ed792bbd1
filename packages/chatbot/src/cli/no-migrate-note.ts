import { migrationsOf, pendingMigrations, type Chatbot } from '@chatbot-kit/kernel'

/**
 * What `serve --no-migrate` means for this database, checked rather than assumed: health
 * answers 503 only while a migration is pending (or the database does not answer).
 */
export async function noMigrateNote(chatbot: Chatbot): Promise<string> {
  const skipped = 'Migrations were not applied (--no-migrate)'
  try {
    const pending = await pendingMigrations(chatbot.db, migrationsOf(chatbot.config))
    if (pending.length === 0) return `${skipped}: none is pending, the database is up to date.`
    return `${skipped}: ${pending.length} pending (${pending.join(', ')}); health reports 503 until \`chatbot migrate\` runs.`
  } catch (error) {
    return `${skipped}: the database could not be checked (${error instanceof Error ? error.message : String(error)}); health reports 503 until it answers.`
  }
}
