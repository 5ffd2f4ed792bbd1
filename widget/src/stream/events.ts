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

const REQUIRED: Record<StreamEvent['type'], Record<string, string>> = {
  token: { content: 'string' },
  context_summary: {},
  tool_started: { call_id: 'string', name: 'string' },
  tool_finished: { call_id: 'string', name: 'string' },
  tool_failed: { call_id: 'string', name: 'string' },
  done: {},
  error: { code: 'string' },
}

/**
 * Checks one decoded `data:` payload. Unknown types and events missing the fields the widget
 * relies on give `null`, so a newer server adding event types cannot break an older widget.
 */
export function toStreamEvent(value: unknown): StreamEvent | null {
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  const type = record.type
  if (typeof type !== 'string' || !Object.hasOwn(REQUIRED, type)) return null
  for (const [field, kind] of Object.entries(REQUIRED[type as StreamEvent['type']])) {
    if (typeof record[field] !== kind) return null
  }
  return value as StreamEvent
}
