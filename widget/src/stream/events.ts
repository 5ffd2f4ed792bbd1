// The wire protocol's types come from the kernel, which writes the stream: a type-only import, so
// none of the kernel is bundled.
import type { StreamEvent } from '@chatbot-kit/kernel'

/**
 * Decodes one event's data just enough to dispatch on it: a JSON object with a string `type`
 * (and a string `content` for tokens). Malformed events give null and are skipped; types the
 * widget does not know pass and are ignored later, so a newer server cannot break an older widget.
 */
export function parseEvent(data: string): StreamEvent | null {
  try {
    const event = JSON.parse(data) as { type?: unknown; content?: unknown } | null
    if (typeof event?.type === 'string' && (event.type !== 'token' || typeof event.content === 'string')) return event as StreamEvent
  } catch {
    // Not JSON: skipped, the reply goes on.
  }
  return null
}
