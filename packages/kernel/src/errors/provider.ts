import { ChatbotException } from './base.js'

export type ProviderFailureKind = 'network' | 'status' | 'cut' | 'malformed'

/**
 * The provider failed. 429, 5xx, 408/409, a network error or a stream cut mid-way are retryable
 * (`provider_unavailable`); any other 4xx is not (`provider_error`).
 */
export class ChatbotProviderException extends ChatbotException {
  readonly kind: ProviderFailureKind
  readonly providerStatus?: number

  constructor(message: string, options: { kind: ProviderFailureKind; status?: number; cause?: unknown }) {
    const retryable = isRetryableProviderFailure(options.kind, options.status)
    super(message, { code: retryable ? 'provider_unavailable' : 'provider_error', status: 502, retryable, cause: options.cause })
    this.kind = options.kind
    if (options.status !== undefined) this.providerStatus = options.status
  }
}

function isRetryableProviderFailure(kind: ProviderFailureKind, status?: number): boolean {
  if (kind !== 'status' || status === undefined) return kind !== 'malformed'
  return status === 408 || status === 409 || status === 429 || status >= 500
}
