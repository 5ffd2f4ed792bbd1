import { sql } from '@chatbot-kit/kernel/plugin'
import { vectorValue } from '../storage/pgvector.js'
import type { ChatbotDb } from '../storage/tables.js'
import type { VectorHit } from './vector-index.js'

/** The exact search in Postgres with pgvector: `<=>` is its cosine distance (1 − similarity). */
export async function pgvectorSearch(db: ChatbotDb, query: Float32Array, model: string, sources: string[], limit: number): Promise<VectorHit[]> {
  const value = vectorValue(query)
  const { rows } = await sql<{ id: string | number; distance: number }>`
    select id, embedding_vector <=> ${value} as distance from ${sql.table('knowledge_chunks')}
    where embedding_model = ${model} and embedding_dimensions = ${query.length} and embedding_vector is not null and source in (${sql.join(sources)})
    order by embedding_vector <=> ${value} limit ${limit}`.execute(db)
  return rows.map((row) => ({ id: Number(row.id), similarity: 1 - Number(row.distance) }))
}
