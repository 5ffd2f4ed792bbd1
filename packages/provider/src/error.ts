import { isRetryableProviderFailure, type ProviderFailureKind } from './retry-rule.js'

export type { ProviderFailureKind } from './retry-rule.js'

const MARKER = Symbol.for('chatbot-kit.provider-error')

/**
 * A provider request failed. `message` is ours and safe to show an end user; what the provider
 * said (an error body, an unparsable line) can name hosts or accounts and stays in `detail`.
 * `retryable` comes from the one rule, `isRetryableProviderFailure`, so what the client sends
 * again and what a caller reports agree.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  readonly kind: ProviderFailureKind
  /** The provider's HTTP status (or the numeric code of an error object in its stream), if any. */
  readonly status?: number
  /** What went wrong in the provider's own words, the API key removed; for logs, never a client. */
  readonly detail: string
  readonly retryable: boolean

  constructor(message: string, options: { kind: ProviderFailureKind; status?: number; cause?: unknown; detail?: string }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.kind = options.kind
    this.detail = options.detail ?? message
    this.retryable = isRetryableProviderFailure(options.kind, options.status)
    if (options.status !== undefined) this.status = options.status
    Object.defineProperty(this, MARKER, { value: true })
  }

  /** What is safe to serialize: never `detail`, which may name internal hosts or accounts. */
  toJSON(): { name: string; message: string; kind: ProviderFailureKind; status?: number; retryable: boolean } {
    return { name: this.name, message: this.message, kind: this.kind, status: this.status, retryable: this.retryable }
  }

  /** True for a `ProviderError`, also one from another copy of this package (another realm or version). */
  static isInstance(value: unknown): value is ProviderError {
    return typeof value === 'object' && value !== null && MARKER in value
  }
}
