import { describe, expect, it } from 'vitest'
import { TRUNCATION_MARKER, byteLength, truncateUtf8 } from './truncate.js'

describe('truncateUtf8', () => {
  it('leaves text within the cap alone', () => {
    expect(truncateUtf8('héllo', 64)).toEqual({ text: 'héllo', truncated: false, bytes: 6 })
  })

  it('cuts to the cap with the marker counted inside it', () => {
    const result = truncateUtf8('a'.repeat(100), 40)
    expect(result.truncated).toBe(true)
    expect(result.text.endsWith(TRUNCATION_MARKER)).toBe(true)
    expect(byteLength(result.text)).toBe(40)
    expect(result.bytes).toBe(40)
  })

  it('never splits a multi-byte character', () => {
    for (let cap = 12; cap < 40; cap += 1) {
      const result = truncateUtf8('€'.repeat(30) + '😀'.repeat(10), cap)
      expect(byteLength(result.text)).toBeLessThanOrEqual(cap)
      expect(result.text).not.toContain('\uFFFD')
      expect(result.text.endsWith(TRUNCATION_MARKER)).toBe(true)
    }
  })

  it('is exact at the boundary: cap equal to the size keeps everything', () => {
    const text = 'ü'.repeat(20)
    expect(truncateUtf8(text, 40).truncated).toBe(false)
    expect(truncateUtf8(text, 39).truncated).toBe(true)
  })
})
