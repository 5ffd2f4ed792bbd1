const MARKER = Symbol.for('chatbot-kit.exception')

export interface ChatbotExceptionOptions {
  /** Stable snake_case code, part of the public contract (see docs/errors.md). */
  code: string
  /** HTTP status used when the error happens before a stream starts. */
  status?: number
  retryable?: boolean
  cause?: unknown
  /** Field name → problem, for validation failures (422). */
  fields?: Record<string, string>
  headers?: Record<string, string>
}

/**
 * The one base class of every typed error. Plugins stop a turn by throwing one:
 * before the stream starts it becomes an HTTP status with a JSON body, after it an `error` event.
 */
export class ChatbotException extends Error {
  readonly status: number
  readonly fields?: Record<string, string>
  readonly headers?: Record<string, string>
  readonly #code: string
  readonly #retryable: boolean
  readonly [MARKER] = true

  constructor(message: string, options: ChatbotExceptionOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.#code = options.code
    this.status = options.status ?? 500
    this.#retryable = options.retryable ?? false
    if (options.fields) this.fields = options.fields
    if (options.headers) this.headers = options.headers
  }

  code(): string {
    return this.#code
  }

  isRetryable(): boolean {
    return this.#retryable
  }

  /** The HTTP error body: `{ error: { code, message, fields? } }`. */
  toJSON(): { error: { code: string; message: string; fields?: Record<string, string> } } {
    return { error: { code: this.#code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } }
  }

  /** Realm-safe check: works across duplicated copies of the package. */
  static isInstance(value: unknown): value is ChatbotException {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true
  }
}
