/** A vector as stored: its float32 values' bytes (4 per dimension, the platform's little-endian). */
export const toVectorBytes = (vector: Float32Array): Uint8Array => new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength)

/** A stored vector back; copied, as a Buffer from the driver may sit unaligned in a shared pool. */
export const fromVectorBytes = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
