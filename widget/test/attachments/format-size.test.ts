import { describe, expect, it } from 'vitest'
import { formatSize } from '../../src/attachments/upload.js'

describe('formatSize', () => {
  it('gives bytes, kB and MB with SI symbols, one decimal under ten, the number in the page\'s language', () => {
    expect([512, 8_816, 48_213, 1_234_567, 25_000_000].map((bytes) => formatSize(bytes, 'en'))).toEqual(['512 B', '8.8 kB', '48 kB', '1.2 MB', '25 MB'])
    expect(formatSize(1_234_567, 'de')).toBe('1,2 MB')
    // No `lang` on the page: the browser's own.
    expect(formatSize(999, '')).toBe('999 B')
  })
})
