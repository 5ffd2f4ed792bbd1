import { describe, expect, it } from 'vitest'
import { cutUtf8, TRUNCATION_MARKER } from '../../src/extractors/utf8.js'

const bytes = (text: string) => new TextEncoder().encode(text).length

describe('cutUtf8', () => {
  it('leaves text within the cap alone', () => {
    expect(cutUtf8('héllo', 6)).toBe('héllo')
  })

  it('cuts to the cap, marker included, never inside a character', () => {
    const text = 'ab€€€€€€€€' // € is three bytes
    for (let cap = TRUNCATION_MARKER.length; cap < bytes(text); cap++) {
      const cut = cutUtf8(text, cap)
      expect(bytes(cut)).toBeLessThanOrEqual(cap)
      expect(cut.endsWith(TRUNCATION_MARKER)).toBe(true)
      expect(text.startsWith(cut.slice(0, -TRUNCATION_MARKER.length))).toBe(true)
    }
    expect(cutUtf8('ab👋cdefghijklmnop', 2 + 3 + TRUNCATION_MARKER.length)).toBe(`ab${TRUNCATION_MARKER}`)
  })

  it('cuts without a marker when the cap cannot hold one', () => {
    expect(cutUtf8('abcdefghijklmnop', 5)).toBe('abcde')
    expect(cutUtf8('ééé', 3)).toBe('é')
  })
})
