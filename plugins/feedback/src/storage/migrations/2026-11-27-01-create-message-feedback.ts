import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf, sql } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.
// `ifNotExists` throughout: SQLite runs DDL outside a transaction, so a run cut half-way can run again.

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const idType = postgres ? 'bigint' : 'integer'
  // As the kernel's ids: never reused (AUTOINCREMENT on SQLite), so a stale cursor never names another row.
  const primaryId = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement())

  await db.schema
    .createTable('message_feedback')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    // One rating per message; deleting the message (its conversation, by the admin or retention) deletes it.
    .addColumn('message_id', idType, (col) => col.notNull().unique().references('messages.id').onDelete('cascade'))
    .addColumn('conversation_id', idType, (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('rating', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('user_id', 'text')
    .addColumn('guest_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('message_feedback_rating', sql`rating in ('up', 'down')`)
    .execute()

  // A conversation's ratings (history), its down-rated test (the console's filter), and the cascade.
  await db.schema.createIndex('message_feedback_conversation_rating').ifNotExists().on('message_feedback').columns(['conversation_id', 'rating']).execute()
  // Counts per day over a range (the console's overview) read this index alone; the admin list's time filters too.
  await db.schema.createIndex('message_feedback_created_channel_rating').ifNotExists().on('message_feedback').columns(['created_at', 'channel', 'rating']).execute()
}
