/** A vector as stored: its float32 values' bytes (4 per dimension, little-endian; retrieval/vector-rows.ts reads them). */
export const toVectorBytes = (vector: Float32Array): Uint8Array => new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength)
