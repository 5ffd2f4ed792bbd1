import { loadTokenizer } from '@chatbot-kit/kernel'
import { dialectOf, sql, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { Chunk } from '../ingest/chunk.js'
import { withKnowledge, type ChatbotDb } from './tables.js'
import { toVectorBytes } from './vector-bytes.js'
import { vectorValue } from './pgvector.js'
import { chunkLineCounts } from '../turn/chunk-lines.js'

export interface StoredDocument {
  id: number
  hash: string
}

/** A source's indexed documents by name, with their content hash. */
export async function storedDocuments(db: ChatbotDb, source: string): Promise<Map<string, StoredDocument>> {
  const rows = await withKnowledge(db).selectFrom('knowledge_documents').select(['id', 'document', 'content_hash']).where('source', '=', source).execute()
  return new Map(rows.map((row) => [row.document, { id: Number(row.id), hash: row.content_hash }]))
}

/** SQLite's full-text rows of some chunks go with them (Postgres' column is generated). */
async function deleteFullText(db: ChatbotDb, documentIds: number[]): Promise<void> {
  if (dialectOf(db) !== 'sqlite' || documentIds.length === 0) return
  await sql`delete from ${sql.table('knowledge_chunks_fts')} where rowid in (select id from ${sql.table('knowledge_chunks')} where document_id in (${sql.join(documentIds)}))`.execute(db)
}

export interface DocumentVersion {
  source: string
  document: string
  url: string | null
  title: string
  hash: string
  chunks: Chunk[]
  /** One per chunk when embeddings are on. */
  embeddings?: ChunkEmbeddings
}

export interface ChunkEmbeddings {
  model: string
  vectors: Float32Array[]
  /** Also written to pgvector's column (storage/pgvector.ts). */
  pgvector: boolean
}

/** pgvector's copy of a chunk's vector, written beside the bytes the in-process search reads. */
async function writePgvector(db: ChatbotDb, id: number | bigint, vector: Float32Array): Promise<void> {
  await sql`update ${sql.table('knowledge_chunks')} set embedding_vector = ${vectorValue(vector)} where id = ${id}`.execute(db)
}

/** Writes a document and its chunks in one transaction, replacing what was indexed before: never half of one. */
export async function replaceDocument(db: ChatbotDb, version: DocumentVersion, now: Date): Promise<void> {
  await loadTokenizer()
  await db.transaction().execute(async (trx) => {
    const knowledge = withKnowledge(trx)
    const existing = await knowledge.selectFrom('knowledge_documents').select('id').where('source', '=', version.source).where('document', '=', version.document).executeTakeFirst()
    if (existing) {
      await deleteFullText(trx, [Number(existing.id)])
      await knowledge.deleteFrom('knowledge_chunks').where('document_id', '=', existing.id).execute()
      await knowledge.deleteFrom('knowledge_documents').where('id', '=', existing.id).execute()
    }
    const { id } = await knowledge
      .insertInto('knowledge_documents')
      .values({ source: version.source, document: version.document, url: version.url, title: version.title, content_hash: version.hash, chunks: version.chunks.length, synced_at: toStoredTimestamp(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { embeddings } = version
    for (const [position, chunk] of version.chunks.entries()) {
      const vector = embeddings?.vectors[position]
      const embedding = vector ? { embedding_model: embeddings!.model, embedding_dimensions: vector.length, embedding: toVectorBytes(vector) } : {}
      const row = await knowledge
        .insertInto('knowledge_chunks')
        .values({ document_id: Number(id), source: version.source, position, title: chunk.title, heading: chunk.heading, url: chunk.url, text: chunk.text, line_tokens: JSON.stringify(chunkLineCounts(chunk)), ...embedding })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (vector && embeddings!.pgvector) await writePgvector(trx, row.id, vector)
      if (dialectOf(trx) === 'sqlite') await sql`insert into ${sql.table('knowledge_chunks_fts')} (rowid, title, heading, text) values (${row.id}, ${chunk.title}, ${chunk.heading ?? ''}, ${chunk.text})`.execute(trx)
    }
  })
}

/** Removes documents (with their chunks) by id. */
export async function deleteDocuments(db: ChatbotDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await db.transaction().execute(async (trx) => {
    await deleteFullText(trx, ids)
    await withKnowledge(trx).deleteFrom('knowledge_chunks').where('document_id', 'in', ids).execute()
    await withKnowledge(trx).deleteFrom('knowledge_documents').where('id', 'in', ids).execute()
  })
}

/** Replaces the vectors of a document's chunks (a changed model), all in one transaction. */
export async function replaceEmbeddings(db: ChatbotDb, chunkIds: number[], embeddings: ChunkEmbeddings): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [index, id] of chunkIds.entries()) {
      const vector = embeddings.vectors[index]!
      await withKnowledge(trx).updateTable('knowledge_chunks').set({ embedding_model: embeddings.model, embedding_dimensions: vector.length, embedding: toVectorBytes(vector) }).where('id', '=', id).execute()
      if (embeddings.pgvector) await writePgvector(trx, id, vector)
    }
  })
}
