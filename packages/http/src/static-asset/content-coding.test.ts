import { describe, expect, it } from 'vitest'
import { pickContentCoding, type ContentCoding } from './content-coding.js'

const ALL: ContentCoding[] = ['br', 'gzip', 'identity']

describe('pickContentCoding', () => {
  it.each([
    // What browsers send: brotli is preferred over gzip whatever order the header lists them in.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    // No header, an empty one, or identity alone: the file as it is.
    [null, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    // q-values: the highest wins; q=0 refuses a coding.
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br;q=0', 'identity'],
    ['gzip;q=0.8, identity;q=0.9', 'identity'],
    ['gzip;q=0.5', 'gzip'],
    ['BR;Q=1.000, GZIP', 'br'],
    ['gzip ; q = 0.3 , br ; q=0.2', 'gzip'],
    // `*` stands for every coding not named.
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    // identity excluded and nothing else acceptable: identity all the same (RFC 9110 §12.5.3).
    ['identity;q=0', 'identity'],
    ['*;q=0', 'identity'],
    // A malformed weight is ignored, not read as 1.
    ['br;q=2, gzip', 'gzip'],
    ['br;q=high', 'identity'],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickContentCoding(header, ALL)).toBe(expected)
  })

  it('offers only what exists', () => {
    expect(pickContentCoding('br, gzip', ['gzip', 'identity'])).toBe('gzip')
    expect(pickContentCoding('br, gzip', ['identity'])).toBe('identity')
  })
})
