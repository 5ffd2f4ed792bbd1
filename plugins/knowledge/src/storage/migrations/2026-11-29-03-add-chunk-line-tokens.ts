import type { Kysely } from 'kysely'
import { sql, tableLayoutOf, dialectOf } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.

/**
 * Each chunk's prompt line token counts (JSON, turn/chunk-lines.ts), counted at sync rather than
 * on every turn; null for a chunk indexed before, counted the first time it is offered.
 */
export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const chunks = sql.table('knowledge_chunks')
  if (dialectOf(db) === 'postgres') {
    await sql`alter table ${chunks} add column if not exists line_tokens text`.execute(db)
    return
  }
  // SQLite has no `add column if not exists`: a run cut half-way can run again.
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${`${tableLayoutOf(db).tablePrefix}knowledge_chunks`})`.execute(db)
  if (!rows.some((row) => row.name === 'line_tokens')) await sql`alter table ${chunks} add column line_tokens text`.execute(db)
}
