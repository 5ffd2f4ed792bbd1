import { sql } from '@chatbot-kit/kernel/plugin'
import { withKnowledge, type ChatbotDb } from '../storage/tables.js'
import { fromVectorBytes } from '../storage/vector-bytes.js'

export interface VectorHit {
  id: number
  /** Cosine similarity, -1 to 1. */
  similarity: number
}

interface Loaded {
  signature: string
  ids: Int32Array | number[]
  sources: string[]
  dimensions: number
  /** Every vector, unit length, one after the other: one allocation for the whole index. */
  matrix: Float32Array
}

/**
 * Exact cosine search over the stored vectors, in process. The vectors of one model are loaded
 * once and kept; a one-row query per search (how many chunks that model embedded, and the newest
 * id) tells when a sync, here or on another instance, changed them, and they are loaded again.
 */
export function createVectorIndex(db: ChatbotDb) {
  let loaded: Loaded | undefined

  async function signatureOf(model: string, dimensions: number): Promise<string> {
    const { rows } = await sql<{ n: number | string; newest: number | string | null }>`
      select count(*) as n, max(id) as newest from ${sql.table('knowledge_chunks')} where embedding_model = ${model} and embedding_dimensions = ${dimensions}`.execute(db)
    return `${model}:${dimensions}:${rows[0]!.n}:${rows[0]!.newest}`
  }

  async function load(model: string, dimensions: number, signature: string): Promise<Loaded> {
    const rows = await withKnowledge(db).selectFrom('knowledge_chunks').select(['id', 'source', 'embedding']).where('embedding_model', '=', model).where('embedding_dimensions', '=', dimensions).orderBy('id').execute()
    const matrix = new Float32Array(rows.length * dimensions)
    rows.forEach((row, index) => {
      const vector = fromVectorBytes(row.embedding!)
      const norm = Math.hypot(...vector) || 1
      for (let at = 0; at < dimensions; at++) matrix[index * dimensions + at] = vector[at]! / norm
    })
    return { signature, ids: rows.map((row) => Number(row.id)), sources: rows.map((row) => row.source), dimensions, matrix }
  }

  /** The `limit` chunks of `sources` most similar to `query` (embedded by `model`), best first. */
  async function search(query: Float32Array, model: string, sources: string[], limit: number): Promise<VectorHit[]> {
    const signature = await signatureOf(model, query.length)
    if (loaded?.signature !== signature) loaded = await load(model, query.length, signature)
    const { ids, matrix, dimensions } = loaded
    const wanted = new Set(sources)
    const norm = Math.hypot(...query) || 1
    const hits: VectorHit[] = []
    for (let index = 0; index < ids.length; index++) {
      if (!wanted.has(loaded.sources[index]!)) continue
      let dot = 0
      const offset = index * dimensions
      for (let at = 0; at < dimensions; at++) dot += matrix[offset + at]! * query[at]!
      hits.push({ id: ids[index]!, similarity: dot / norm })
    }
    return hits.sort((a, b) => b.similarity - a.similarity).slice(0, limit)
  }

  return { search }
}

export type VectorIndex = ReturnType<typeof createVectorIndex>
