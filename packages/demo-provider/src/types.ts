import type { EmbeddingsRequest } from './embeddings.js'

/** The API a request came in on: `POST /v1/chat/completions` or `POST /v1/responses`. */
export type DemoApi = 'chat' | 'responses'

/**
 * The request body of `POST /v1/chat/completions`, as loosely as providers accept it; a
 * `/v1/responses` request is translated into it (see `fromResponsesRequest`).
 */
export interface DemoRequest {
  model?: string
  messages: DemoMessage[]
  tools?: DemoTool[]
  tool_choice?: unknown
  stream?: boolean
  stream_options?: { include_usage?: boolean }
  [key: string]: unknown
}

export interface DemoMessage {
  role: string
  /** A string, or OpenAI content parts (`[{ type: 'text', text }]`). */
  content?: string | { type: string; text?: string }[] | null
  tool_calls?: { id: string; function: { name: string; arguments: string } }[]
  tool_call_id?: string
}

export interface DemoTool {
  type: 'function'
  function: { name: string; description?: string; parameters?: Record<string, unknown> }
}

/** What the provider does for one request. Anything absent behaves like a healthy provider. */
export interface DemoReply {
  /** Streamed word by word, each delta a word plus its following space. */
  text?: string
  /** Text deltas exactly as given; wins over `text`. */
  chunks?: string[]
  /** Streamed after the text as real fragments: id and name first, then the arguments in pieces. */
  toolCalls?: { name: string; arguments: unknown; id?: string }[]
  /** Answer with this status and `errorBody` (default: an OpenAI-style error) instead of a reply. */
  status?: number
  errorBody?: unknown
  /** Extra response headers, on an error or a streamed reply alike (e.g. `Retry-After` on a 429). */
  headers?: Record<string, string>
  /**
   * Destroy the socket after this many delta chunks (or at the end of the content): no `[DONE]`
   * or `response.completed`. On `/v1/responses` a chunk is a text or argument delta event.
   */
  cutAfterChunks?: number
  /** Stop sending after this many delta chunks (or at the end of the content), socket left open. */
  hangAfterChunks?: number
  /** Send one unparsable `data:` line after the first chunk. */
  malformed?: boolean
  /** Lines written as is after the first chunk, each followed by a blank line (garbage, comments, stray fields). */
  rawLines?: string[]
  /**
   * After the first chunk, open a text delta's `data:` line and send this many bytes of text with
   * no newline, then go silent with the socket open (a provider or proxy that never ends a line).
   */
  endlessLineBytes?: number
  /**
   * Answer with this body as is instead of a reply, with `status` (default 200) and `contentType`
   * (default `text/plain`): a proxy's HTML page, a 200 with JSON, a 500 with a plain-text body.
   */
  rawBody?: string
  contentType?: string
  tokenDelayMs?: number
  firstChunkDelayMs?: number
  /** Default: a rough count (request bytes / 4, one completion token a chunk); `input_tokens`/`output_tokens` on `/v1/responses`. */
  usage?: { prompt_tokens: number; completion_tokens: number }
}

export type DemoResponder = (request: DemoRequest) => DemoReply

export interface DemoProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /** Benchmarks: every default reply is exactly this many tokens, `tok0 tok1 …`. */
  tokensPerReply?: number
  /** Pause between chunks (default 0). */
  tokenDelayMs?: number
  /** Pause before the first chunk, after the headers (default 0). */
  firstChunkDelayMs?: number
  /** Replaces the default offline responder. */
  responder?: DemoResponder
  /**
   * `'human'` (what `chatbot dev` uses): the default responder's replies pause before the first
   * token, then stream a word every few tens of ms. Scripted replies and `tokensPerReply` stay
   * instant. Default `'instant'`.
   */
  pace?: 'instant' | 'human'
  /** Keep each request in `requests` (default true; long benchmarks turn it off). */
  recordRequests?: boolean
}

export interface RecordedRequest {
  api: DemoApi
  /** In chat-completions terms on both routes: the body as sent, or a Responses body translated. */
  body: DemoRequest
  /** The JSON body exactly as it was sent. */
  wire: Record<string, unknown>
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>
}

export interface DemoProvider {
  /** The base URL for a client, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string
  /** Every request, chat completions and Responses, in order. */
  requests: RecordedRequest[]
  /** Every valid `POST /v1/embeddings`, in order: its texts, model and vector size. */
  embeddingRequests: EmbeddingsRequest[]
  /** Queues replies for the next requests, consumed in order, then back to the responder. */
  script(...replies: DemoReply[]): void
  /** TCP connections open now. */
  openConnections(): number
  /** TCP connections closed since start (abort tests watch this). */
  closedConnections(): number
  /**
   * Of those, the ones that carried a request. Node's fetch opens a spare connection when a request
   * is aborted (Node 20 keeps it idle, Node 24 closes it at once); this count leaves it out.
   */
  closedServingConnections(): number
  /** Stops listening and destroys open connections. */
  close(): Promise<void>
}
