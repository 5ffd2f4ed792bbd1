import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.
// `ifNotExists` throughout: SQLite runs DDL outside a transaction, so a run cut half-way can run again.

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const idType = postgres ? 'bigint' : 'integer'
  // As the kernel's ids: never reused (AUTOINCREMENT on SQLite), so a stale id never names another row.
  const primaryId = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement())

  await db.schema
    .createTable('tool_approvals')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    // Deleting or pruning a conversation deletes its approvals with it.
    .addColumn('conversation_id', idType, (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    // The public id clients know the reply by; no foreign key, so storing the approval does not depend on when the reply's row is written.
    .addColumn('message_id', 'text', (col) => col.notNull())
    // JSON as text, the same on both dialects.
    .addColumn('calls', 'text', (col) => col.notNull())
    .addColumn('transcript', 'text', (col) => col.notNull())
    .addColumn('decided_user_id', 'text')
    .addColumn('decided_guest_id', 'text')
    .addColumn('comment', 'text')
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .execute()

  // A conversation's pending approval (history), and the cascade when a conversation goes.
  await db.schema.createIndex('tool_approvals_conversation_requested').ifNotExists().on('tool_approvals').columns(['conversation_id', 'requested_at']).execute()
  // The admin list's time filters.
  await db.schema.createIndex('tool_approvals_requested_at').ifNotExists().on('tool_approvals').columns(['requested_at']).execute()
}
