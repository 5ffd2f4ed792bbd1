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
  const primaryId = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement())

  await db.schema
    .createTable('attachments')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('guest_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    // Deleting the conversation (retention, the admin) leaves the row used and unowned: the sweep
    // then deletes its file and the row, since a file store cannot take part in a cascade.
    .addColumn('conversation_id', idType, (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('message_id', idType, (col) => col.references('messages.id').onDelete('set null'))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()

  // History (a conversation's files) and the cascade.
  await db.schema.createIndex('attachments_conversation').ifNotExists().on('attachments').column('conversation_id').execute()
  // The sweep: orphans (used, no conversation) and unused files past their time.
  await db.schema.createIndex('attachments_used_created').ifNotExists().on('attachments').columns(['used_at', 'created_at']).execute()
}
