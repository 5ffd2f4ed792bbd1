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
  const primaryId = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement())
  const conversation = (col: ColumnDefinitionBuilder) => col.notNull().references('conversations.id').onDelete('cascade')

  await db.schema
    .createTable('handoffs')
    .ifNotExists()
    .addColumn('conversation_id', idType, (col) => conversation(col).primaryKey())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('agent', 'text')
    .addColumn('session_id', 'text')
    .addColumn('requested_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('webhook_failed_at', 'text')
    .addCheckConstraint('handoffs_state', sql`state in ('bot', 'waiting', 'human')`)
    .execute()
  // The inbox (waiting and claimed, newest first) and the wait timeout's sweep.
  await db.schema.createIndex('handoffs_state_requested').ifNotExists().on('handoffs').columns(['state', 'requested_at']).execute()

  await db.schema
    .createTable('handoff_changes')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('conversation_id', idType, conversation)
    .addColumn('from_state', 'text', (col) => col.notNull())
    .addColumn('to_state', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('agent', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('handoff_changes_conversation').ifNotExists().on('handoff_changes').columns(['conversation_id', 'id']).execute()

  await db.schema
    .createTable('handoff_messages')
    .ifNotExists()
    .addColumn('message_id', idType, (col) => col.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('conversation_id', idType, conversation)
    .addColumn('agent', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('handoff_messages_conversation').ifNotExists().on('handoff_messages').column('conversation_id').execute()

  await db.schema
    .createTable('handoff_seen_events')
    .ifNotExists()
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('handoff_seen_events_seen_at').ifNotExists().on('handoff_seen_events').column('seen_at').execute()
}
