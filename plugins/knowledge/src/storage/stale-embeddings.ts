import { sql } from '@chatbot-kit/kernel/plugin'
import type { EmbeddingModel } from '../embeddings/embedding-client.js'
import { withKnowledge, type ChatbotDb } from './tables.js'

/**
 * The ids of a source's documents with a chunk not embedded by `model` (another model or size,
 * or none), or, with `pgvector`, missing from its column (embedded before the extension came).
 */
export async function staleEmbeddings(db: ChatbotDb, source: string, model: EmbeddingModel, pgvector: boolean): Promise<Set<number>> {
  const rows = await withKnowledge(db)
    .selectFrom('knowledge_chunks')
    .select('document_id')
    .distinct()
    .where('source', '=', source)
    .where((eb) => {
      const stale = [eb('embedding_model', 'is', null), eb('embedding_model', '<>', model.model)]
      if (model.dimensions !== undefined) stale.push(eb('embedding_dimensions', '<>', model.dimensions))
      if (pgvector) stale.push(eb(sql.ref('embedding_vector'), 'is', null))
      return eb.or(stale)
    })
    .execute()
  return new Set(rows.map((row) => Number(row.document_id)))
}

/** A document's chunks in order: what re-embedding them needs. */
export const documentChunks = (db: ChatbotDb, documentId: number) =>
  withKnowledge(db).selectFrom('knowledge_chunks').select(['id', 'title', 'heading', 'text']).where('document_id', '=', documentId).orderBy('position').execute()
