import { withKnowledge, type ChatbotDb } from '../storage/tables.js'

/**
 * One model's stored vectors, scaled to unit length, one after the other: what a similarity index
 * is built from. Plain typed arrays, so the rows can be handed to the vector thread without a copy.
 */
export interface VectorRows {
  ids: Float64Array
  sources: string[]
  dimensions: number
  /** `ids.length × dimensions` values. */
  vectors: Float32Array
}

/** The vectors of `model` at `dimensions`, by chunk id. */
export async function loadVectorRows(db: ChatbotDb, model: string, dimensions: number): Promise<VectorRows> {
  const rows = await withKnowledge(db).selectFrom('knowledge_chunks').select(['id', 'source', 'embedding']).where('embedding_model', '=', model).where('embedding_dimensions', '=', dimensions).orderBy('id').execute()
  const vectors = new Float32Array(rows.length * dimensions)
  rows.forEach((row, index) => {
    const bytes = row.embedding!
    // Read in place: the driver's Buffer may sit unaligned in a shared pool (storage/vector-bytes.ts).
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let squares = 0
    for (let at = 0; at < dimensions; at++) {
      const value = view.getFloat32(at * 4, true)
      vectors[index * dimensions + at] = value
      squares += value * value
    }
    const scale = 1 / (Math.sqrt(squares) || 1)
    for (let at = index * dimensions; at < (index + 1) * dimensions; at++) vectors[at]! *= scale
  })
  return { ids: Float64Array.from(rows, (row) => Number(row.id)), sources: rows.map((row) => row.source), dimensions, vectors }
}
