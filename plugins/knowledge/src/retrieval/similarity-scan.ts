import { SIMILARITY_SCAN_WASM } from './similarity-scan-bytes.js'

/** Values a stored row takes: the dimensions rounded up to the scans' 16 lanes, zeros after. */
const strideOf = (dimensions: number) => Math.ceil(dimensions / 16) * 16
const PAGE = 65_536
/** The int8 scan's query is scaled to this at most, so that no sum leaves int32 (127 × it × stride < 2^31). */
const int16QueryMax = (stride: number) => Math.min(32_767, Math.floor((2 ** 31 - 1) / (127 * stride)))

let compiled: WebAssembly.Module | undefined

export interface ScoredRow {
  row: number
  /** The row's dot product with the query, as the float32 scan computes it. */
  score: number
}

/**
 * The stored vectors most like a query, by dot product, in WebAssembly with 128-bit SIMD: the
 * float32 scan is about ten times the plain loop's speed (10,000 × 256 dimensions: 0.35 ms
 * against 3 to 5 ms with the vectors in the caches), and `best` reads an int8 copy first, a
 * quarter of the bytes (docs/performance.md, "Knowledge, sixth pass"). Written by hand because no
 * package does only this; the vectors live in the module's own memory, one row after another.
 */
export function createSimilarityScan(rows: number, dimensions: number) {
  compiled ??= new WebAssembly.Module(Buffer.from(SIMILARITY_SCAN_WASM, 'base64'))
  const { exports } = new WebAssembly.Instance(compiled)
  const memory = exports.memory as WebAssembly.Memory
  const scanInt8 = exports.scan_int8 as (bytes: number, rows: number, stride: number, query: number, sums: number) => void
  const scanRows = exports.scan_rows as (matrix: number, list: number, count: number, stride: number, query: number, scores: number) => void
  const stride = strideOf(dimensions)
  const bytesAt = rows * stride * 4
  const queryAt = bytesAt + rows * stride
  const query16At = queryAt + stride * 4
  const scoresAt = query16At + stride * 2
  const sumsAt = scoresAt + rows * 4
  const listAt = sumsAt + rows * 4
  const size = listAt + rows * 4
  if (size > memory.buffer.byteLength) memory.grow(Math.ceil((size - memory.buffer.byteLength) / PAGE))
  const matrix = new Float32Array(memory.buffer, 0, rows * stride)
  const bytes = new Int8Array(memory.buffer, bytesAt, rows * stride)
  const query = new Float32Array(memory.buffer, queryAt, stride)
  const query16 = new Int16Array(memory.buffer, query16At, stride)
  const scores = new Float32Array(memory.buffer, scoresAt, rows)
  const sums = new Int32Array(memory.buffer, sumsAt, rows)
  const list = new Int32Array(memory.buffer, listAt, rows)
  // Per row: the int8 copy's step, and the norms `best` bounds its error with.
  const steps = new Float64Array(rows)
  const errors = new Float64Array(rows)
  const lengths = new Float64Array(rows)
  const uppers = new Float64Array(rows)

  return {
    /** Stores `vector` as row `row`, scaled by `scale`. */
    set(row: number, vector: ArrayLike<number>, scale = 1) {
      const start = row * stride
      let largest = 0
      for (let at = 0; at < dimensions; at++) {
        matrix[start + at] = vector[at]! * scale
        largest = Math.max(largest, Math.abs(matrix[start + at]!))
      }
      const step = largest / 127 || 1
      let error = 0
      let length = 0
      for (let at = 0; at < dimensions; at++) {
        const level = Math.round(matrix[start + at]! / step)
        bytes[start + at] = level
        error += (matrix[start + at]! - level * step) ** 2
        length += (level * step) ** 2
      }
      steps[row] = step
      errors[row] = Math.sqrt(error)
      lengths[row] = Math.sqrt(length)
    },
    /**
     * The `limit` rows `accept` takes (all without it) with the largest dot products with `vector`, best first (ties:
     * the lower row), each with its exact score: the same rows and scores as scoring every row
     * (`limit` ≥ rows does). The int8 copy is scanned instead, a quarter of the bytes (on a turn's path
     * the vectors come from memory, not the caches: docs/performance.md, "Knowledge, sixth pass").
     * An int8 dot product is off by at most |q|·|v − v'| + |q − q'|·|v'| (v' and q' the
     * quantized vectors), so only the rows whose upper bound reaches the `limit`-th best lower
     * bound can be among the best: they alone are scored again in float32, in one call.
     */
    best(vector: Float32Array, accept: ((row: number) => boolean) | undefined, limit: number): ScoredRow[] {
      if (limit <= 0) return []
      let largest = 0
      let norm = 0
      for (let at = 0; at < dimensions; at++) {
        largest = Math.max(largest, Math.abs(vector[at]!))
        norm += vector[at]! ** 2
      }
      norm = Math.sqrt(norm)
      const step = largest / int16QueryMax(stride) || 1
      let queryError = 0
      for (let at = 0; at < dimensions; at++) {
        query16[at] = Math.round(vector[at]! / step)
        queryError += (vector[at]! - query16[at]! * step) ** 2
      }
      queryError = Math.sqrt(queryError)
      scanInt8(bytesAt, rows, stride, query16At, sumsAt)
      // The float32 scan rounds too: a margin far above its error (stride × 2^-23 × |q|, |v| ≤ 1).
      const margin = stride * 2 ** -23 * norm
      // One pass: each accepted row's upper bound, and the `limit` largest lower bounds kept
      // sorted; the smallest of those is the threshold an upper bound must reach.
      const lows: number[] = []
      for (let row = 0; row < rows; row++) {
        if (accept && !accept(row)) {
          uppers[row] = -Infinity
          continue
        }
        const estimate = sums[row]! * steps[row]! * step
        const bound = norm * errors[row]! + queryError * lengths[row]! + margin
        uppers[row] = estimate + bound
        const low = estimate - bound
        // Asked for every row: no threshold to find.
        if (limit >= rows || (lows.length === limit && low <= lows[limit - 1]!)) continue
        let slot = Math.min(lows.length, limit - 1)
        while (slot > 0 && lows[slot - 1]! < low) slot--
        lows.splice(slot, 0, low)
        if (lows.length > limit) lows.pop()
      }
      const threshold = lows.length === limit ? lows[limit - 1]! : -Infinity
      let count = 0
      for (let row = 0; row < rows; row++) if (uppers[row]! >= threshold && uppers[row]! > -Infinity) list[count++] = row
      query.set(vector)
      scanRows(0, listAt, count, stride, queryAt, scoresAt)
      const scored: ScoredRow[] = []
      for (let at = 0; at < count; at++) scored.push({ row: list[at]!, score: scores[at]! })
      return scored.sort((a, b) => b.score - a.score || a.row - b.row).slice(0, limit)
    },
  }
}
