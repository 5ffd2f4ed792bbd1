/**
 * Which OpenAI API the client speaks: `chat` posts to `/chat/completions`, `responses` to
 * `/responses`. The kernel builds every request in the chat-completions shape below either way.
 */
export type ProviderApi = 'chat' | 'responses'

/** OpenAI chat-completions wire types, only as much as the kernel uses. */
export interface ChatToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** A part of a user message: text, or an image by URL (a `data:` URL for an uploaded file). */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ChatContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string }

export interface ChatToolDefinition {
  type: 'function'
  function: { name: string; description?: string; parameters: Record<string, unknown> }
}

export interface ChatRequest {
  model: string
  messages: ChatMessage[]
  tools?: ChatToolDefinition[]
  tool_choice?: 'auto' | 'none'
  /** Anything else a plugin wants to send (temperature, user, …). */
  [key: string]: unknown
}

export interface TokenUsage {
  inputTokens: number
  outputTokens: number
}

export interface StreamResult {
  /** `stop`, `length`, `tool_calls`, … as the provider said. */
  finishReason: string
  /** Tool calls assembled from the streamed fragments, in index order. */
  toolCalls: ChatToolCall[]
  /** Present when the provider sent a usage chunk. */
  usage?: TokenUsage
}

/**
 * Called synchronously for every text delta, in order. This is the per-token hot path:
 * the client allocates nothing per delta beyond parsing it.
 */
export type TextDeltaHandler = (text: string) => void

/** What one `stream()` call knows of its turn. */
export interface StreamOptions {
  /** Ms left of the turn's `streamDuration` when the call starts: no retry waits past it. Default: no limit. */
  timeLeftMs?: number
}

export interface ProviderClient {
  /**
   * Streams one chat completion. Resolves when the provider ends the stream cleanly.
   * Rejects with `ProviderError` (network, status, cut mid-way) or with the
   * signal's reason when `signal` aborts; text already delivered through `onText` stays delivered.
   */
  stream(request: ChatRequest, onText: TextDeltaHandler, signal: AbortSignal, options?: StreamOptions): Promise<StreamResult>
}
