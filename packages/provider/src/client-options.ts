import type { ProviderError } from './error.js'
import type { ProviderApi } from './types.js'

export interface ProviderClientOptions {
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`; the API's path (`/chat/completions`, `/responses`) is appended. */
  baseUrl: string
  /** The API to speak (see docs/providers.md). Default `'chat'`. */
  api?: ProviderApi
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string
  /** Extra headers for every request (an organisation, an `api-key` header for Azure, …). */
  headers?: Record<string, string>
  /**
   * Sends the requests through this `fetch` (a proxy agent, an instrumented fetch) with ofetch.
   * Without it they go over Node's `http`/`https` with keep-alive, the faster path.
   */
  fetch?: typeof globalThis.fetch
  /**
   * How many times a request that failed before its first text or tool-call delta is sent again,
   * when `isRetryableProviderFailure` says it may pass: 408, 409, 429, 5xx, no response, or a 200
   * that broke off. Default 0, so a bare client sends once; the chatbot passes `provider.retries`.
   */
  retries?: number
  /** The first retry's backoff window in ms (default 500), doubled for each further retry up to 8 s. */
  retryBackoffMs?: number
  /**
   * How long a request may wait for the first byte of its answer before it fails, retryable
   * (`kind: 'network'`), in ms. Default: no bound of its own (the turn's deadline still
   * applies); the chatbot passes `provider.firstByteTimeout`.
   */
  firstByteTimeoutMs?: number
  /** Called before each wait for a retry; the chatbot logs it at warn level. */
  onRetry?: (retry: ProviderRetry) => void
  /**
   * Called once when a request fails for good (not for a stop, a disconnect or the deadline); the
   * chatbot logs it at warn level. The end user only sees the failure's generic message.
   */
  onFailure?: (failure: ProviderFailure) => void
  /**
   * Called when `signal` (the caller's stop, disconnect or deadline) ends a request the provider
   * had not answered yet, with the signal's reason: the chatbot logs it when the reason is the
   * reply's deadline, as a provider that hangs would otherwise leave no trace.
   */
  onStall?: (stall: ProviderStall) => void
}

/** One request about to be sent again, for logs and tests. */
export interface ProviderRetry {
  /** 1 for the first resend, up to `retries`. */
  attempt: number
  retries: number
  /** The wait before sending again: the provider's `Retry-After`, else a jittered backoff. */
  delayMs: number
  /** The failure of the attempt before. */
  error: ProviderError
  /** One line for a log, without the API key. */
  message: string
}

/** A request that failed for good, for logs and tests. */
export interface ProviderFailure {
  error: ProviderError
  /** The URL called, without user info or query. */
  url: string
  /** What the provider said (`error.detail`) and the likely fix, if any, without the API key. */
  explanation: string
  /** One line for a log, built from the two above. */
  message: string
}

/** A request the caller's signal ended before any byte of an answer came. */
export interface ProviderStall {
  /** The signal's reason. */
  reason: unknown
  /** The URL called, without user info or query. */
  url: string
  /** What the provider did until then: nothing, or its headers only. */
  silence: string
}
