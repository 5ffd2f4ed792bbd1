const MARKER = Symbol.for('chatbot-kit.transport-error')

/**
 * What the transport throws: a refusal before a stream opened (the server's JSON error), or a
 * failure on the way (`network_error`, `stream_interrupted`, `bad_response`, `nothing_to_send`,
 * `approval_incomplete`). `chat.error` is this object, so a UI can branch on `code`.
 */
export class ChatbotTransportError extends Error {
  readonly [MARKER] = true
  /** The server's snake_case code, or one of the transport's own above. */
  readonly code: string
  /** HTTP status, when the server refused the request. */
  readonly status?: number
  readonly retryable: boolean
  /** Seconds, from `Retry-After` (429, 503). */
  readonly retryAfter?: number
  /** Field → problem, from a 422. */
  readonly fields?: Record<string, string>

  constructor(message: string, options: { code: string; status?: number; retryable?: boolean; retryAfter?: number; fields?: Record<string, string>; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ChatbotTransportError'
    this.code = options.code
    this.retryable = options.retryable ?? false
    if (options.status !== undefined) this.status = options.status
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter
    if (options.fields) this.fields = options.fields
  }

  /** Realm-safe check: works across duplicated copies of the package. */
  static isInstance(value: unknown): value is ChatbotTransportError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true
  }
}

/** Reads a non-2xx answer: `{ error: { code, message, fields? } }` when the server wrote it, else the status alone. */
export async function errorFromResponse(response: Response): Promise<ChatbotTransportError> {
  const { status } = response
  let code = `http_${status}`
  let message = `The chatbot server answered HTTP ${status}.`
  let fields: Record<string, string> | undefined
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } }
    if (typeof body.error?.code === 'string') code = body.error.code
    if (typeof body.error?.message === 'string') message = body.error.message
    if (body.error?.fields && typeof body.error.fields === 'object') fields = body.error.fields
  } catch {
    // A proxy's HTML page: the status says enough.
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN)
  return new ChatbotTransportError(message, {
    code,
    status,
    // As the AI SDK reckons: timeouts, conflicts, throttling and server faults may pass on retry.
    retryable: [408, 409, 429].includes(status) || status > 499,
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
    ...(fields ? { fields } : {}),
  })
}

/** A fetch that failed before any answer: the network, not the server. */
export const networkError = (cause: unknown): ChatbotTransportError =>
  new ChatbotTransportError('The chatbot server could not be reached.', { code: 'network_error', retryable: true, cause })
