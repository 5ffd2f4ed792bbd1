/** The events of `POST {endpoint}messages` (contract §5), as the widget reads them. */
export interface DoneEvent {
  type: 'done'
  conversation_id: string
  message_id: string
  finish_reason: string
  usage: { input_tokens: number; output_tokens: number }
}

export type StreamEvent =
  | { type: 'token'; content: string }
  | { type: 'context_summary'; sections: unknown[]; context_hash: string }
  | { type: 'tool_started'; call_id: string; name: string; arguments: unknown }
  | { type: 'tool_finished'; call_id: string; name: string; duration_ms: number; overran: boolean }
  | { type: 'tool_failed'; call_id: string; name: string; error: { code: string; message: string } }
  | DoneEvent
  | { type: 'error'; code: string; message: string; retryable: boolean; conversation_id?: string | null }

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
