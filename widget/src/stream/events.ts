/** The events of `POST {endpoint}messages` (contract §5), as the widget reads them. */
export interface ToolStartedEvent {
  type: 'tool_started'
  call_id: string
  name: string
  arguments: unknown
}
export interface ToolFinishedEvent {
  type: 'tool_finished'
  call_id: string
  name: string
  duration_ms: number
  overran: boolean
}
export interface ToolFailedEvent {
  type: 'tool_failed'
  call_id: string
  name: string
  error: { code: string; message: string }
}
export interface DoneEvent {
  type: 'done'
  conversation_id: string
  message_id: string
  finish_reason: string
  usage: { input_tokens: number; output_tokens: number }
}
export interface ErrorEvent {
  type: 'error'
  code: string
  message: string
  retryable: boolean
  conversation_id?: string | null
}

export type StreamEvent =
  | { type: 'token'; content: string }
  | { type: 'context_summary'; sections: unknown[]; context_hash: string }
  | ToolStartedEvent
  | ToolFinishedEvent
  | ToolFailedEvent
  | DoneEvent
  | ErrorEvent

/**
 * Checks one decoded `data:` payload just enough to dispatch on it: an object with a string
 * `type` (and a string `content` for tokens). Types the widget does not know are ignored by
 * the reducer, so a newer server adding event types cannot break an older widget.
 */
export function toStreamEvent(value: unknown): StreamEvent | null {
  const event = value as { type?: unknown; content?: unknown } | null
  if (typeof event?.type !== 'string' || (event.type === 'token' && typeof event.content !== 'string')) return null
  return event as StreamEvent
}
