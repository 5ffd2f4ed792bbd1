import { withKnowledge, type ChatbotDb } from '../storage/tables.js'
import { fromVectorBytes } from '../storage/vector-bytes.js'
import { createSimilarityScan } from './similarity-scan.js'

export interface VectorHit {
  id: number
  /** Cosine similarity, -1 to 1. */
  similarity: number
}

interface Loaded {
  signature: string
  ids: number[]
  sources: string[]
  /** The sources that have vectors, once each. */
  present: Set<string>
  /** Every vector, unit length, one after the other. */
  scan: ReturnType<typeof createSimilarityScan>
}

/**
 * Exact cosine search over the stored vectors, in process. The vectors of one model are loaded
 * once and kept until the index's version (when the last sync of any source ended:
 * IndexStatistics.refresh) moves, a sync here or on another instance. (Counting the embedded
 * chunks instead scans the chunks' table: 10+ ms a turn at 10,000 chunks.) A sync in progress
 * shows once it ends.
 */
/** What a load holds: one model's vectors of one size, under one index version. */
const signatureOf = (model: string, dimensions: number, version: string) => `${model}:${dimensions}:${version}`

export function createVectorIndex(db: ChatbotDb) {
  let loaded: Loaded | undefined
  // A question asked again brings the same kept vector (question-embeddings.ts): its hits stay
  // with it, until a sync moves the version or the vector leaves that cache. The scan reads every
  // vector from memory again on a turn's path (docs/performance.md, "Knowledge, sixth pass").
  const kept = new WeakMap<Float32Array, { key: string; hits: VectorHit[] }>()

  async function load(model: string, dimensions: number, signature: string): Promise<Loaded> {
    const rows = await withKnowledge(db).selectFrom('knowledge_chunks').select(['id', 'source', 'embedding']).where('embedding_model', '=', model).where('embedding_dimensions', '=', dimensions).orderBy('id').execute()
    const scan = createSimilarityScan(rows.length, dimensions)
    rows.forEach((row, index) => {
      const vector = fromVectorBytes(row.embedding!)
      scan.set(index, vector, 1 / (Math.hypot(...vector) || 1))
    })
    const sources = rows.map((row) => row.source)
    return { signature, ids: rows.map((row) => Number(row.id)), sources, present: new Set(sources), scan }
  }

  /**
   * Loads the vectors `model` stored (in the size its latest chunk has) under `version`, as a
   * first search would: the index warm-up calls it, so that no turn waits for the load (about
   * 130 ms at 10,000 chunks of 256 dimensions, docs/performance.md).
   */
  async function preload(model: string, version: string): Promise<void> {
    const latest = await withKnowledge(db).selectFrom('knowledge_chunks').select('embedding_dimensions').where('embedding_model', '=', model).orderBy('id', 'desc').limit(1).executeTakeFirst()
    const dimensions = latest?.embedding_dimensions
    if (!dimensions) return
    const signature = signatureOf(model, Number(dimensions), version)
    if (loaded?.signature !== signature) loaded = await load(model, Number(dimensions), signature)
  }

  /** The `limit` chunks of `sources` most similar to `query` (embedded by `model`), best first. */
  async function search(query: Float32Array, model: string, sources: string[], limit: number, version: string): Promise<VectorHit[]> {
    const signature = signatureOf(model, query.length, version)
    const key = JSON.stringify([signature, sources, limit])
    const known = kept.get(query)
    if (known?.key === key) return known.hits
    if (loaded?.signature !== signature) loaded = await load(model, query.length, signature)
    const { ids, scan } = loaded
    const wanted = new Set(sources)
    // Every source is the common case: no lookup per row then.
    const every = [...loaded.present].every((source) => wanted.has(source))
    const rowSources = loaded.sources
    const norm = Math.hypot(...query) || 1
    const best = scan.best(query, every ? undefined : (row) => wanted.has(rowSources[row]!), limit).map(({ row, score }) => ({ id: ids[row]!, similarity: score / norm }))
    kept.set(query, { key, hits: best })
    return best
  }

  return { search, preload }
}

export type VectorIndex = ReturnType<typeof createVectorIndex>
