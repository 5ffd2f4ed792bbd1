import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf, sql } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.
// 1.0 created this table in the kernel's `2026-11-22-01-create-chat-tables`; its databases already
// have it, hence `ifNotExists` throughout (which also lets a SQLite run cut half-way run again).

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const idType = postgres ? 'bigint' : 'integer'
  // As the kernel's ids: never reused (AUTOINCREMENT on SQLite), so a stale id never names another row.
  const primaryId = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement())

  await db.schema
    .createTable('tool_invocations')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    // Deleting or pruning a conversation deletes its invocations with it.
    .addColumn('conversation_id', idType, (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('message_id', idType, (col) => col.references('messages.id').onDelete('set null'))
    .addColumn('call_id', 'text', (col) => col.notNull())
    .addColumn('tool_name', 'text', (col) => col.notNull())
    .addColumn('arguments', 'text', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('overran', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('tool_invocations_overran', sql`overran in (0, 1)`)
    .execute()

  // Foreign-key lookups: without these, every deleted conversation or message scans the table.
  await db.schema.createIndex('tool_invocations_conversation_id').ifNotExists().on('tool_invocations').columns(['conversation_id', 'id']).execute()
  await db.schema.createIndex('tool_invocations_message_id').ifNotExists().on('tool_invocations').columns(['message_id']).execute()
}
