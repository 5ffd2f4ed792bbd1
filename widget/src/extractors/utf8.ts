const encoder = new TextEncoder()
const decoder = new TextDecoder()

export const TRUNCATION_MARKER = '[truncated]'

/**
 * Cuts `text` to at most `capBytes` UTF-8 bytes without splitting a character, ending in
 * `[truncated]` when cut. The marker counts toward the cap, as on the server (contract §8),
 * so the block the server receives is already within the channel's limit.
 */
export function cutUtf8(text: string, capBytes: number): string {
  const bytes = encoder.encode(text)
  if (bytes.length <= capBytes) return text
  const marker = capBytes >= TRUNCATION_MARKER.length ? TRUNCATION_MARKER : ''
  let end = capBytes - marker.length
  // Step back over continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1
  return decoder.decode(bytes.subarray(0, end)) + marker
}
