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
    const scores = scan.best(query, undefined, rows.length)
    expect(scores.map((scored) => scored.row).sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
    for (const { row, score } of scores) {
      const expected = rows[row]!.reduce((sum, value, at) => sum + value * (row === 2 ? 0.5 : 1) * query[at]!, 0)
      expect(score).toBeCloseTo(expected, 3)
    }
  })

  it('holds an index larger than its first memory page, and scans an empty one', () => {
    const scan = createSimilarityScan(300, 256)
    scan.set(299, Float32Array.from({ length: 256 }, () => 1))
    expect(scan.best(Float32Array.from({ length: 256 }, () => 2), undefined, 1)).toEqual([{ row: 299, score: 512 }])
    expect(createSimilarityScan(0, 8).best(new Float32Array(8), undefined, 5)).toEqual([])
  })

  describe('best', () => {
    /** `count` unit vectors of `dimensions` from a fixed seed, some of them copies (ties), and a query near row 7. */
    function vectorsOf(count: number, dimensions: number, seed = 3) {
      let state = seed
      const random = () => ((state = (state * 16807) % 2147483647) / 2147483647) * 2 - 1
      const rows = Array.from({ length: count }, () => {
        const vector = Float32Array.from({ length: dimensions }, random)
        const norm = Math.hypot(...vector)
        return vector.map((value) => value / norm)
      })
      for (let row = 10; row < count; row += 97) rows[row] = rows[row - 3]!.slice()
      const query = rows[Math.min(7, count - 1)]!.map((value, at) => value * 3 + (at % 3) * 0.05)
      return { rows, query }
    }

    /** What scoring every row gives (a limit of every row leaves nothing out): the accepted rows by float32 score, best first, ties by row. */
    const everyRow = (scan: ReturnType<typeof createSimilarityScan>, count: number, query: Float32Array, accept: ((row: number) => boolean) | undefined, limit: number) =>
      scan.best(query, undefined, count).filter(({ row }) => !accept || accept(row)).slice(0, limit)

    it.each([
      [2000, 256, 50],
      [2000, 1536, 5],
      [3000, 17, 50],
      [500, 3, 50],
      [40, 64, 50],
      [1, 8, 5],
    ])('gives the rows and scores of scoring every row: %i rows of %i dimensions, the best %i', (count, dimensions, limit) => {
      const { rows, query } = vectorsOf(count, dimensions)
      const scan = createSimilarityScan(count, dimensions)
      rows.forEach((vector, row) => scan.set(row, vector))
      const all = scan.best(query, undefined, count)
      // Ordered by score, ties (the copies) by row.
      expect(all.every((scored, at) => at === 0 || all[at - 1]!.score > scored.score || (all[at - 1]!.score === scored.score && all[at - 1]!.row < scored.row))).toBe(true)
      for (const accept of [undefined, (row: number) => row % 4 !== 1]) expect(scan.best(query, accept, limit)).toEqual(everyRow(scan, count, query, accept, limit))
      const zero = new Float32Array(dimensions)
      expect(scan.best(zero, undefined, limit)).toEqual(everyRow(scan, count, zero, undefined, limit))
    })

    it('finds nothing in an empty index, when nothing is accepted or for a limit of 0', () => {
      expect(createSimilarityScan(0, 8).best(new Float32Array(8), undefined, 5)).toEqual([])
      const scan = createSimilarityScan(3, 8)
      scan.set(0, Float32Array.from({ length: 8 }, () => 1))
      expect(scan.best(Float32Array.from({ length: 8 }, () => 1), () => false, 5)).toEqual([])
      expect(scan.best(Float32Array.from({ length: 8 }, () => 1), undefined, 0)).toEqual([])
    })
  })
})
