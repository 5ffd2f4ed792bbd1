import { isRetryableProviderFailure, type ProviderFailureKind } from '@chatbot-kit/provider'
import { ChatbotException } from './base.js'

export type { ProviderFailureKind } from '@chatbot-kit/provider'

/**
 * The provider failed. Retryable (`provider_unavailable`) or not (`provider_error`) by the provider
 * client's one rule, `isRetryableProviderFailure`: 408, 409, 429, 5xx, a network error or a stream
 * cut mid-way are; any other 4xx is not.
 *
 * `message` reaches the end user, so it is our own text; what the provider said (its error body,
 * an unparsable line) can name hosts or accounts and stays in `detail`, for logs and hooks only.
 */
export class ChatbotProviderException extends ChatbotException {
  readonly kind: ProviderFailureKind
  readonly providerStatus?: number
  /** What went wrong with the provider's own words, the API key removed; never sent to a client. */
  readonly detail: string

  constructor(message: string, options: { kind: ProviderFailureKind; status?: number; cause?: unknown; detail?: string }) {
    const retryable = isRetryableProviderFailure(options.kind, options.status)
    super(message, { code: retryable ? 'provider_unavailable' : 'provider_error', status: 502, retryable, cause: options.cause })
    this.kind = options.kind
    this.detail = options.detail ?? message
    if (options.status !== undefined) this.providerStatus = options.status
  }
}
