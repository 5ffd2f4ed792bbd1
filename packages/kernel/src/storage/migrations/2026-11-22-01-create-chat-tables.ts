import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely'
import { dialectOf } from '@chatbot-kit/stores'

// Frozen once released: a change is a new, later-dated migration.
// `ifNotExists` throughout because Kysely runs SQLite migrations outside a transaction:
// a run cut half-way can simply be run again.
// 1.0's version also created `tool_invocations`; the tools plugin's own migration does now.

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's `Schema`
  db: Kysely<any>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const idType = postgres ? 'bigint' : 'integer'
  // Ids are never reused (AUTOINCREMENT rather than a plain rowid on SQLite), so a stale
  // `rolled_from` or log line can never point at somebody else's conversation.
  const primaryId = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()

  await db.schema
    .createTable('conversations')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('guest_id', 'text')
    .addColumn('route_name', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('last_activity_at', 'text', (col) => col.notNull())
    .addColumn('rolled_from', idType, (col) => col.references('conversations.id').onDelete('set null'))
    .addCheckConstraint('conversations_one_owner', sql`(user_id is null) <> (guest_id is null)`)
    .execute()

  await db.schema
    .createTable('messages')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('conversation_id', idType, (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('route_name', 'text', (col) => col.notNull())
    .addColumn('context_hash', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('finish_reason', 'text')
    .addColumn('token_count', 'integer', (col) => col.notNull())
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('messages_role', sql`role in ('user', 'assistant')`)
    .addCheckConstraint('messages_status', sql`status in ('complete', 'incomplete')`)
    .execute()

  const indexes: [table: string, name: string, columns: string[]][] = [
    // The owner's conversations on a channel, newest first (current conversation, admin filters).
    ['conversations', 'conversations_user_channel_activity', ['user_id', 'channel', 'last_activity_at']],
    ['conversations', 'conversations_guest_channel_activity', ['guest_id', 'channel', 'last_activity_at']],
    // Retention pruning per channel, and across channels / the admin list.
    ['conversations', 'conversations_channel_activity', ['channel', 'last_activity_at']],
    ['conversations', 'conversations_activity', ['last_activity_at']],
    // Foreign-key lookups: without these, every deleted row scans the referencing table.
    ['conversations', 'conversations_rolled_from', ['rolled_from']],
    ['messages', 'messages_conversation_id', ['conversation_id', 'id']],
  ]
  for (const [table, name, columns] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute()
  }
}
