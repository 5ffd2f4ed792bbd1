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
  // Never reused (AUTOINCREMENT on SQLite): a chunk's id is its full-text row's id too.
  const primaryId = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement())

  await db.schema
    .createTable('knowledge_documents')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('source', 'text', (col) => col.notNull())
    // The path within a files source, or the page's URL.
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('title', 'text', (col) => col.notNull())
    // SHA-256 of the bytes read: an unchanged document costs no write.
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('chunks', 'integer', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('knowledge_documents_source_document', ['source', 'document'])
    .execute()

  await db.schema
    .createTable('knowledge_chunks')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('document_id', idType, (col) => col.notNull().references('knowledge_documents.id').onDelete('cascade'))
    // Copied from the document so a channel's filter needs no join.
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('heading', 'text')
    .addColumn('url', 'text')
    .addColumn('text', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('knowledge_chunks_document').ifNotExists().on('knowledge_chunks').column('document_id').execute()

  if (postgres) {
    // Title and headings weigh more than the body; the generated column stays in step with the row.
    await sql`alter table ${sql.table('knowledge_chunks')} add column if not exists search tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(heading, '')), 'B') || to_tsvector('english', text)) stored`.execute(db)
    await db.schema.createIndex('knowledge_chunks_search').ifNotExists().on('knowledge_chunks').using('gin').column('search').execute()
  } else {
    // Written with its chunk in the same transaction (storage/replace-document.ts), rowid = the chunk's id.
    await sql`create virtual table if not exists ${sql.table('knowledge_chunks_fts')} using fts5(title, heading, text, tokenize = 'porter unicode61')`.execute(db)
  }

  // One row per source: the lease that keeps two syncs apart, and the last sync's outcome.
  await db.schema
    .createTable('knowledge_sync_state')
    .ifNotExists()
    .addColumn('source', 'text', (col) => col.primaryKey())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_sync_at', 'text')
    // JSON: [{ document, reason }] of the last sync.
    .addColumn('failures', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute()

  await db.schema
    .createTable('knowledge_gaps')
    .ifNotExists()
    .addColumn('id', idType, primaryId)
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('normalized', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    // The conversation's public id: a gap outlives a pruned conversation.
    .addColumn('conversation_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('knowledge_gaps_created_channel').ifNotExists().on('knowledge_gaps').columns(['created_at', 'channel']).execute()
}
