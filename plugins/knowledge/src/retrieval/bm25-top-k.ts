import type { ChunkLengths, Postings } from './bm25-postings.js'

/** FTS5's `bm25` constants (fts5_aux.c). */
const K1 = 1.2
const B = 0.75

export interface Phrase {
  postings: Postings
  /** Chunks holding it: FTS5 counts a phrase's rows for its inverse document frequency. */
  documentFrequency: number
}

export interface Ranked {
  id: number
  /** As FTS5's `bm25()` returns it: negative, lower is better. */
  rank: number
}

/** What ranking keeps per ChunkLengths: worked out once after a sync, not once per question. */
interface Prepared {
  /** Per position: the length's part of BM25's denominator, `K1 × (1 − B + B × length ÷ average)`. */
  norms: Float64Array
  positions: Map<number, number>
  /** Per position, zero between calls: a question's sums. */
  scores: Float64Array
  /** Each posting list's chunks as positions; null when one has no known length. */
  rows: WeakMap<Postings, Int32Array | null>
}

const prepared = new WeakMap<ChunkLengths, Prepared>()

function prepare(index: ChunkLengths): Prepared {
  let kept = prepared.get(index)
  if (!kept) {
    const norms = new Float64Array(index.ids.length)
    index.lengths.forEach((length, at) => (norms[at] = K1 * (1 - B + (B * length) / index.average)))
    kept = { norms, positions: new Map(Array.from(index.ids, (id, at) => [id, at])), scores: new Float64Array(index.ids.length), rows: new WeakMap() }
    prepared.set(index, kept)
  }
  return kept
}

function rowsOf({ positions, rows }: Prepared, postings: Postings): Int32Array | null {
  let kept = rows.get(postings)
  if (kept === undefined) {
    kept = new Int32Array(postings.ids.length)
    for (let at = 0; at < postings.ids.length; at++) {
      const position = positions.get(postings.ids[at]!)
      if (position === undefined) {
        kept = null
        break
      }
      kept[at] = position
    }
    rows.set(postings, kept)
  }
  return kept
}

/**
 * The best `limit` chunks for an OR of `phrases`, ranked exactly as `bm25(fts, 8, 4, 1)` ranks
 * them: the same sums, taken in the same order, over the phrases' postings (`accept` takes a
 * position in `index`). Scoring the union of a few posting lists in process costs microseconds
 * where FTS5 reads each match's instances and sizes again (1 to 2 ms for ~1,800 matches); the sums
 * go to an array by position, and only the best `limit` are kept in order, not every match sorted
 * (docs/performance.md, "Knowledge, seventh pass"); ties go to the lower id. Undefined when a chunk has no known
 * length (indexed by a sync still running when the lengths were read).
 */
export function bm25TopK(phrases: Phrase[], index: ChunkLengths, accept: ((position: number) => boolean) | undefined, limit: number): Ranked[] | undefined {
  const rows = index.ids.length
  const kept = prepare(index)
  const { norms, scores } = kept
  const touched: number[] = []
  try {
    for (const { postings, documentFrequency } of phrases) {
      let idf = Math.log((rows - documentFrequency + 0.5) / (documentFrequency + 0.5))
      if (idf <= 0.0) idf = 1e-6
      const positions = rowsOf(kept, postings)
      if (!positions) return undefined
      const { hits } = postings
      for (let at = 0; at < positions.length; at++) {
        const row = positions[at]!
        const frequency = hits[at]!
        // Every term adds more than zero (idf ≥ 1e-6): zero means not met yet.
        if (scores[row] === 0) touched.push(row)
        scores[row]! += idf * ((frequency * (K1 + 1.0)) / (frequency + norms[row]!))
      }
    }
    // Positions follow ids: the lower position wins a tie, as the lower id does.
    const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b)
    const best: number[] = []
    for (const row of touched) {
      if (best.length === limit && !better(row, best[limit - 1]!)) continue
      if (accept && !accept(row)) continue
      let slot = best.length
      while (slot > 0 && better(row, best[slot - 1]!)) slot--
      best.splice(slot, 0, row)
      if (best.length > limit) best.pop()
    }
    return best.map((row) => ({ id: index.ids[row]!, rank: -1.0 * scores[row]! }))
  } finally {
    for (const row of touched) scores[row] = 0
  }
}
