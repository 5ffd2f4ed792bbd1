import { Buffer } from 'node:buffer'

/**
 * A keyset cursor over internal ids for one list (`conversations.list`, `approvals.list`): opaque
 * to clients, and tagged so that a cursor of one list is refused by another.
 */
export function createIdCursor(tag: string) {
  const pattern = new RegExp(`^${tag}:(\\d{1,15})$`)
  const encode = (id: number): string => Buffer.from(`${tag}:${id}`).toString('base64url')
  return {
    /** A page of rows fetched `limit + 1` at a time, newest first: the first `limit`, and the cursor of the rest (null on the last page). */
    page<R extends { id: number }>(rows: R[], limit: number): { rows: R[]; nextCursor: string | null } {
      const page = rows.slice(0, limit)
      return { rows: page, nextCursor: rows.length > limit ? encode(page[page.length - 1]!.id) : null }
    },
    /** The id inside a cursor; a `RangeError` for anything this cursor did not make. */
    decode(cursor: string): number {
      const match = pattern.exec(Buffer.from(cursor, 'base64url').toString())
      if (!match) throw new RangeError('cursor is not one this API returned')
      return Number(match[1])
    },
  }
}
