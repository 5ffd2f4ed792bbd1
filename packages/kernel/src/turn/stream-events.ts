/**
 * The events of the `POST /chatbot/messages` stream: the wire protocol, one JSON object per
 * `data:` line (docs/http-api.md#stream-events lists them). The kernel writes them, plugins send
 * theirs with `turn.send`, and the widget reads them with these same types (a type-only import,
 * so nothing of the kernel reaches its bundle).
 */

/** One section of the system prompt, as the browser learns of it (never its content). */
export interface ContextSectionSummary {
  name: string
  source: 'server' | 'client'
  /** UTF-8 size after the cut to `context.sectionSizeCap`. */
  bytes: number
  truncated: boolean
}

/** First, once: what context went into the prompt. */
export interface ContextSummaryStreamEvent {
  type: 'context_summary'
  sections: ContextSectionSummary[]
  /** Hex SHA-256 of the context blocks; the stored messages carry the same hash. */
  context_hash: string
  /** The public id of the reply this stream carries (also `done.message_id`). */
  message_id: string
}

/** The next text delta of the reply, as the provider sent it. */
export interface TokenStreamEvent {
  type: 'token'
  content: string
}

/** A document the reply may cite as `[id]` (the `sources` event, history `sources`). */
export interface ReplySource {
  id: number
  title: string
  url: string | null
  snippet: string
  score: number
}

/** Before the first token, once, when a plugin offered sources (`turn.sources`): what `[n]` in the reply may cite. */
export interface SourcesStreamEvent {
  type: 'sources'
  sources: ReplySource[]
}

/** A tool call starts (tools plugin). */
export interface ToolStartedStreamEvent {
  type: 'tool_started'
  call_id: string
  name: string
  /** The arguments the model passed: parsed JSON, or the raw text when it is not valid JSON. */
  arguments: unknown
}

/** A tool call returned (tools plugin). */
export interface ToolFinishedStreamEvent {
  type: 'tool_finished'
  call_id: string
  name: string
  /** Wall-clock time of the handler. */
  duration_ms: number
  /** The call took longer than its advisory timeout; its result is used anyway. */
  overran: boolean
  /** The (capped) text the model saw; only for a tool with `clientVisible: true`. */
  result?: string
}

/** A call the user must decide on before it runs (tools plugin, contract §9.2). */
export interface PendingToolCall {
  call_id: string
  name: string
  /** Parsed JSON, or the raw text when it is not valid JSON. */
  arguments: unknown
}

/**
 * The turn paused for the user's approval (tools plugin): `done` with `finish_reason:
 * "approval_required"` follows. `POST /conversations/{id}/approvals/{approval_id}` continues it.
 */
export interface ToolApprovalRequiredStreamEvent {
  type: 'tool_approval_required'
  approval_id: string
  calls: PendingToolCall[]
  /** ISO 8601: decisions after it answer 410 `approval_expired`. */
  expires_at: string
}

/** A tool call failed or was refused (tools plugin); the model gets the error and may recover. */
export interface ToolFailedStreamEvent {
  type: 'tool_failed'
  call_id: string
  name: string
  error: { code: string; message: string }
}

/** Last, when the reply is complete and stored. */
export interface DoneStreamEvent {
  type: 'done'
  conversation_id: string
  message_id: string
  finish_reason: string
  usage: { input_tokens: number; output_tokens: number }
  /** The ids of the offered sources the reply cited with `[n]`, in order of first use; `[]` when none. */
  citations: number[]
}

/** Last, when the turn failed after the stream opened. */
export interface ErrorStreamEvent {
  type: 'error'
  code: string
  message: string
  retryable: boolean
  conversation_id: string
}

/**
 * Every stream event by its `type`. A plugin that sends an event of its own declares it here by
 * module augmentation (`interface StreamEventMap { progress: { type: 'progress'; percent: number } }`).
 */
export interface StreamEventMap {
  context_summary: ContextSummaryStreamEvent
  token: TokenStreamEvent
  sources: SourcesStreamEvent
  tool_started: ToolStartedStreamEvent
  tool_finished: ToolFinishedStreamEvent
  tool_failed: ToolFailedStreamEvent
  tool_approval_required: ToolApprovalRequiredStreamEvent
  done: DoneStreamEvent
  error: ErrorStreamEvent
}

/** A stream event as sent to the browser: the union of `StreamEventMap`, discriminated by `type`. */
export type StreamEvent = StreamEventMap[keyof StreamEventMap]
