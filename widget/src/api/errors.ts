/** A failure the widget shows: an HTTP error body, a stream `error` event, or a transport failure. */
export interface WidgetError {
  /**
   * The server's snake_case code, or one of the widget's own: `network_error`, `bad_response`
   * (a 200 that is not the expected body), `stream_interrupted`, `internal_error`.
   */
  code: string
  /** The server's English wording, for logs and `chatbot-error` listeners; the UI shows translated text. */
  message: string
  retryable: boolean
  /** HTTP status when the request failed before a stream started. */
  status?: number
}

/** Thrown by the request helpers; the controller shows `error`. */
export class RequestFailure extends Error {
  constructor(readonly error: WidgetError) {
    super(error.message)
  }
}

/** A failure on the widget's side of the wire; all of them may pass on retry. */
export const clientError = (code: string, status?: number): WidgetError => ({
  code,
  message: code,
  retryable: true,
  status,
})

/** Reads a non-2xx response: `{ error: { code, message } }` when the server wrote it, else the status alone. */
export async function errorFromResponse(response: Response): Promise<WidgetError> {
  const { status } = response
  // As the Vercel AI SDK does: timeouts, conflicts, throttling and server faults may pass on retry.
  const error: WidgetError = { code: `http_${status}`, message: `HTTP ${status}`, retryable: [408, 409, 429].includes(status) || status > 499, status }
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } }
    if (typeof body.error?.code === 'string') error.code = body.error.code
    if (typeof body.error?.message === 'string') error.message = body.error.message
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  return error
}
