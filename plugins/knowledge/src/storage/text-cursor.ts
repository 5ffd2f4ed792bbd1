import { Buffer } from 'node:buffer'

/**
 * An opaque cursor holding the sort key of a page's last row (a document's name, a gap's last
 * time and text), tagged so that a cursor of one list is refused by another.
 */
export function createTextCursor<K extends string[]>(tag: string, size: K['length']) {
  return {
    encode: (key: K): string => Buffer.from(JSON.stringify([tag, ...key])).toString('base64url'),
    /** The key inside a cursor; a `RangeError` for anything this cursor did not make. */
    decode(cursor: string): K {
      let parts: unknown
      try {
        parts = JSON.parse(Buffer.from(cursor, 'base64url').toString())
      } catch {
        parts = null
      }
      if (!Array.isArray(parts) || parts.length !== size + 1 || parts[0] !== tag || !parts.every((part) => typeof part === 'string')) throw new RangeError('cursor is not one this API returned')
      return parts.slice(1) as K
    },
  }
}
