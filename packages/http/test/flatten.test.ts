import { randomUUID } from 'node:crypto'
import { liveHeapBytes } from '@chatbot-kit/test-utils'
import { expect, test } from 'vitest'
import { flatten } from '../src/flatten.js'

const COUNT = 20_000

/** Live heap per string of `COUNT` UUIDs kept, each passed through `keep`. */
function bytesPerUuid(keep: (text: string) => string): number {
  const before = liveHeapBytes()
  const kept = Array.from({ length: COUNT }, () => keep(randomUUID()))
  const after = liveHeapBytes()
  expect(new Set(kept).size).toBe(COUNT)
  return (after - before) / COUNT
}

test('a flattened string keeps one string, not the chain it was built as', () => {
  // Node builds a UUID with `+`: 14 chain nodes of 32 bytes, then its pieces (~480 bytes alive).
  expect(bytesPerUuid((text) => text)).toBeGreaterThan(300)
  // One 36-character string and the array's slot.
  expect(bytesPerUuid(flatten)).toBeLessThan(120)
})

test('the value is the same', () => {
  const built = ['a', 'b', 'c'].reduce((text, piece) => text + piece.repeat(20), '')
  expect(flatten(built)).toBe(built)
  expect(flatten(undefined)).toBeUndefined()
})
