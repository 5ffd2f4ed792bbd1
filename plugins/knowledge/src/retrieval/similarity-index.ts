import { createSimilarityScan } from './similarity-scan.js'
import type { VectorRows } from './vector-rows.js'

export interface VectorHit {
  id: number
  /** Cosine similarity, -1 to 1. */
  similarity: number
}

/**
 * Exact cosine search over `rows`, in process: every vector's dot product with the query (the
 * WebAssembly scan), the best kept as the scan's scores are read. The main thread's index
 * (vector-index.ts) and the vector thread's (vector-worker.ts) are both this.
 */
export function createSimilarityIndex({ ids, sources, dimensions, vectors }: VectorRows) {
  const scan = createSimilarityScan(ids.length, dimensions)
  for (let row = 0; row < ids.length; row++) scan.set(row, vectors.subarray(row * dimensions, (row + 1) * dimensions))
  const present = new Set(sources)

  /** The `limit` chunks of `wanted` most similar to `query`, best first. */
  function search(query: Float32Array, wanted: string[], limit: number): VectorHit[] {
    const accepted = new Set(wanted)
    // Every source is the common case: no lookup per row then.
    const every = [...present].every((source) => accepted.has(source))
    const norm = Math.hypot(...query) || 1
    const scores = scan.scores(query)
    // The best `limit` kept sorted as the scan goes: no array of every chunk to sort.
    const best: VectorHit[] = []
    for (let index = 0; index < ids.length; index++) {
      if (!every && !accepted.has(sources[index]!)) continue
      const similarity = scores[index]! / norm
      if (best.length === limit && similarity <= best[limit - 1]!.similarity) continue
      let slot = Math.min(best.length, limit - 1)
      while (slot > 0 && best[slot - 1]!.similarity < similarity) slot--
      best.splice(slot, 0, { id: ids[index]!, similarity })
      if (best.length > limit) best.pop()
    }
    return best
  }

  return { dimensions, search }
}

export type SimilarityIndex = ReturnType<typeof createSimilarityIndex>
