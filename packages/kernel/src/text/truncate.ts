const encoder = new TextEncoder()
const decoder = new TextDecoder()

export const TRUNCATION_MARKER = '[truncated]'

/**
 * Cuts `text` to at most `capBytes` UTF-8 bytes, ending in `[truncated]` when cut; the marker
 * counts toward the cap and the cut never splits a character.
 */
export function truncateUtf8(text: string, capBytes: number): { text: string; truncated: boolean; bytes: number } {
  // Most sections are small: a cheap upper bound (3 bytes per UTF-16 unit) skips the encoding.
  if (text.length * 3 <= capBytes) return { text, truncated: false, bytes: encoder.encode(text).length }
  const bytes = encoder.encode(text)
  if (bytes.length <= capBytes) return { text, truncated: false, bytes: bytes.length }
  let end = Math.max(0, capBytes - TRUNCATION_MARKER.length)
  // Step back over continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1
  const kept = decoder.decode(bytes.subarray(0, end)) + TRUNCATION_MARKER
  return { text: kept, truncated: true, bytes: end + TRUNCATION_MARKER.length }
}

export function byteLength(text: string): number {
  return encoder.encode(text).length
}
