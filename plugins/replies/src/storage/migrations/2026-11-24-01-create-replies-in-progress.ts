import type { Kysely } from 'kysely'
import { dialectOf } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const idType = dialectOf(db) === 'postgres' ? 'bigint' : 'integer'
  // One row per running instance: its heartbeat says whether its drafts are still being streamed.
  await db.schema
    .createTable('replies_instances')
    .addColumn('instance_id', 'text', (col) => col.primaryKey())
    .addColumn('heartbeat_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createTable('replies_in_progress')
    .addColumn('reply_id', 'text', (col) => col.primaryKey())
    // No foreign key: a draft whose instance row is gone is a dead instance's, not an error.
    .addColumn('instance_id', 'text', (col) => col.notNull())
    // Deleting or pruning a conversation deletes its drafts with it.
    .addColumn('conversation_id', idType, (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('route_name', 'text', (col) => col.notNull())
    .addColumn('context_hash', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  // History lists a conversation's drafts; the repair looks for the drafts of dead instances.
  await db.schema.createIndex('replies_in_progress_conversation_id').on('replies_in_progress').columns(['conversation_id']).execute()
  await db.schema.createIndex('replies_in_progress_instance_id').on('replies_in_progress').columns(['instance_id']).execute()
}
