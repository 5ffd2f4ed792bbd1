import { createHash } from 'node:crypto'

/** What an ETag of `bytes` is made of: 27 base64url characters of their SHA-256 (160 bits). */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 27)
}

/** `If-None-Match` may list several tags, weak (`W/`) or not, or `*`: the weak comparison of RFC 9110 §13.1.2. */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const candidate = tag.trim()
    return candidate === '*' || candidate.replace(/^W\//, '') === etag
  })
}
