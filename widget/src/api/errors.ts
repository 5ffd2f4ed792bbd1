/** A failure the widget shows: an HTTP error body, a stream `error` event, or a transport failure. */
export interface WidgetError {
  /** The server's snake_case code, or one of the widget's own: `network_error`, `bad_response`, `stream_interrupted`. */
  code: string
  /** The server's English wording, for logs and `chatbot-error` listeners; the UI shows translated text. */
  message: string
  retryable: boolean
  /** HTTP status when the request failed before a stream started. */
  status?: number
}

// As the Vercel AI SDK does: timeouts, conflicts, throttling and server faults may pass on retry.
const isRetryableStatus = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500

/** Reads a non-200 response: `{ error: { code, message } }` when the server wrote it, else the status alone. */
export async function errorFromResponse(response: Response): Promise<WidgetError> {
  const error: WidgetError = {
    code: `http_${response.status}`,
    message: response.statusText || `HTTP ${response.status}`,
    retryable: isRetryableStatus(response.status),
    status: response.status,
  }
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } }
    if (typeof body.error?.code === 'string') error.code = body.error.code
    if (typeof body.error?.message === 'string') error.message = body.error.message
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  return error
}

export const networkError = (): WidgetError => ({
  code: 'network_error',
  message: 'The server could not be reached.',
  retryable: true,
})

export const badResponse = (status: number): WidgetError => ({
  code: 'bad_response',
  message: 'The server answered with something other than an event stream.',
  retryable: true,
  status,
})

export const streamInterrupted = (): WidgetError => ({
  code: 'stream_interrupted',
  message: 'The reply stopped before it was complete.',
  retryable: true,
})
