import type { ChatbotDb } from '../storage/tables.js'
import { createSimilarityIndex, type SimilarityIndex, type VectorHit } from './similarity-index.js'
import { loadVectorRows } from './vector-rows.js'

/** What names one loaded set of vectors: the model, its size and the index's version. */
export const vectorSignature = (model: string, dimensions: number, version: string) => `${model}:${dimensions}:${version}`

/**
 * Exact cosine search over the stored vectors on the calling thread: where the vector thread
 * (vector-thread.ts) cannot run, or is turned off. The vectors of one model are loaded once and
 * kept until the index's version (when the last sync of any source ended:
 * IndexStatistics.refresh) moves, a sync here or on another instance. (Counting the embedded
 * chunks instead scans the chunks' table: 10+ ms a turn at 10,000 chunks.) A sync in progress
 * shows once it ends.
 */
export function createVectorIndex(db: ChatbotDb) {
  let loaded: { signature: string; index: SimilarityIndex } | undefined

  /** The `limit` chunks of `sources` most similar to `query` (embedded by `model`), best first. */
  async function search(query: Float32Array, model: string, sources: string[], limit: number, version: string): Promise<VectorHit[]> {
    const signature = vectorSignature(model, query.length, version)
    if (loaded?.signature !== signature) loaded = { signature, index: createSimilarityIndex(await loadVectorRows(db, model, query.length)) }
    return loaded.index.search(query, sources, limit)
  }

  return { search }
}

export type VectorIndex = ReturnType<typeof createVectorIndex>
