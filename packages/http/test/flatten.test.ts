import { randomBytes } from 'node:crypto'
import { liveHeapBytes } from '@chatbot-kit/test-utils'
import { expect, test } from 'vitest'
import { flatten } from '../src/flatten.js'

const COUNT = 20_000

/** 36 characters appended one by one, as Node builds a UUID or a header block: a chain in V8. */
function built(): string {
  let text = ''
  for (const character of randomBytes(18).toString('hex')) text += character
  return text
}

/** Live heap per string of `COUNT` built strings kept, each passed through `keep`. */
function bytesPerString(keep: (text: string) => string): number {
  const before = liveHeapBytes()
  const kept = Array.from({ length: COUNT }, () => keep(built()))
  const after = liveHeapBytes()
  expect(new Set(kept).size).toBe(COUNT)
  return (after - before) / COUNT
}

test('a flattened string keeps one string, not the chain it was built as', () => {
  // From 13 characters on, each append is a 32-byte chain node: 24 of them (768 bytes alive).
  expect(bytesPerString((text) => text)).toBeGreaterThan(500)
  // One 36-character string and the array's slot.
  expect(bytesPerString(flatten)).toBeLessThan(120)
})

test('the value is the same', () => {
  const text = built()
  const copy = `${text}`
  expect(flatten(text)).toBe(copy)
  expect(flatten(undefined)).toBeUndefined()
})
