import { describe, expect, it } from 'vitest'
import { dot } from '../src/retrieval/dot.js'

describe('dot', () => {
  it.each([1, 3, 4, 7, 256])('equals the plain sum of products for %i dimensions, at an offset', (dimensions) => {
    const query = Float32Array.from({ length: dimensions }, (_, at) => (at % 5) - 2)
    const matrix = Float32Array.from({ length: dimensions * 2 }, (_, at) => (at % 3) + 0.5)
    const expected = query.reduce((sum, value, at) => sum + value * matrix[dimensions + at]!, 0)
    expect(dot(matrix, dimensions, query)).toBeCloseTo(expected, 4)
  })
})
