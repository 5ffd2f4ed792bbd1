import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileSimilarityScan } from '../scripts/compile-similarity-scan.mjs'
import { createSimilarityScan } from '../src/retrieval/similarity-scan.js'

describe('the similarity scan', () => {
  it('is compiled from its .wat as committed', async () => {
    expect(readFileSync(new URL('../src/retrieval/similarity-scan-bytes.ts', import.meta.url), 'utf8')).toBe(await compileSimilarityScan())
  })

  it.each([1, 3, 16, 17, 256, 1536])('gives every row the plain sum of products for %i dimensions', (dimensions) => {
    const rows = Array.from({ length: 7 }, (_, row) => Float32Array.from({ length: dimensions }, (_, at) => ((row * 31 + at * 7) % 11) / 5 - 1))
    const query = Float32Array.from({ length: dimensions }, (_, at) => (at % 5) - 2)
    const scan = createSimilarityScan(rows.length, dimensions)
    rows.forEach((vector, row) => scan.set(row, vector, row === 2 ? 0.5 : 1))
    const scores = scan.scores(query)
    rows.forEach((vector, row) => {
      const expected = vector.reduce((sum, value, at) => sum + value * (row === 2 ? 0.5 : 1) * query[at]!, 0)
      expect(scores[row]).toBeCloseTo(expected, 3)
    })
  })

  it('holds an index larger than its first memory page, and scans an empty one', () => {
    const scan = createSimilarityScan(300, 256)
    scan.set(299, Float32Array.from({ length: 256 }, () => 1))
    expect(scan.scores(Float32Array.from({ length: 256 }, () => 2))[299]).toBe(512)
    expect(createSimilarityScan(0, 8).scores(new Float32Array(8))).toHaveLength(0)
  })
})
