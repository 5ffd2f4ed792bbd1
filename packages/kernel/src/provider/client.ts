import { ChatbotProviderException } from '../errors/index.js'
import { createFetchTransport } from './fetch-transport.js'
import { networkFailure, notEventStreamFailure, statusFailure } from './failures.js'
import { createNodeTransport } from './node-transport.js'
import { PROVIDER_PROTOCOLS } from './protocol.js'
import { readCompletion } from './read-completion.js'
import { backoffDelay, isRetriable, MAX_WAIT_MS, parseRetryAfter, waitFor } from './retry-policy.js'
import type { ProviderResponse, ProviderTransport } from './transport.js'
import type { ChatRequest, ProviderApi, ProviderClient, StreamOptions, StreamResult, TextDeltaHandler } from './types.js'

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
   * How many times a request that failed before its first text or tool-call delta is sent again:
   * 429, 5xx, no response, or a 200 that broke off (see `isRetriable`). Default 0, so a bare
   * client sends once; the chatbot passes `provider.retries`.
   */
  retries?: number
  /** The first retry's backoff window in ms (default 500), doubled for each further retry up to 8 s. */
  retryBackoffMs?: number
  /** Called before each wait for a retry; the chatbot logs it at warn level. */
  onRetry?: (retry: ProviderRetry) => void
  /**
   * Called once when a request fails for good (not for a stop, a disconnect or the deadline); the
   * chatbot logs it at warn level. The end user only sees the failure's generic message.
   */
  onFailure?: (failure: ProviderFailure) => void
}

/** One request about to be sent again, for logs and tests. */
export interface ProviderRetry {
  /** 1 for the first resend, up to `retries`. */
  attempt: number
  retries: number
  /** The wait before sending again: the provider's `Retry-After`, else a jittered backoff. */
  delayMs: number
  /** The failure of the attempt before. */
  error: ChatbotProviderException
  /** One line for a log, without the API key. */
  message: string
}

/** A request that failed for good, for logs and tests. */
export interface ProviderFailure {
  error: ChatbotProviderException
  /** One line for a log with what the provider said (`error.detail`), without the API key. */
  message: string
}

/**
 * A streaming client for any OpenAI-compatible provider, over chat completions or the Responses
 * API, retrying failures before the first token.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const api = options.api ?? 'chat'
  if (!Object.hasOwn(PROVIDER_PROTOCOLS, api)) throw new TypeError(`Unknown provider API ${JSON.stringify(api)}: expected 'chat' or 'responses'.`)
  const protocol = PROVIDER_PROTOCOLS[api]
  const url = `${options.baseUrl.replace(/\/+$/, '')}${protocol.path}`
  const { apiKey, retries = 0, retryBackoffMs = 500, onRetry, onFailure } = options
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value
  headers['content-type'] = 'application/json'
  headers.accept = 'text/event-stream'
  if (apiKey) headers.authorization = `Bearer ${apiKey}`
  const transport: ProviderTransport = options.fetch ? createFetchTransport(url, options.fetch) : createNodeTransport(url)

  async function send(body: string, signal: AbortSignal): Promise<ProviderResponse> {
    try {
      return await transport.post(headers, body, signal)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw networkFailure(error)
    }
  }

  /** A non-2xx answer, or a 200 that is not an event stream, as the failure `describe` makes of its body. */
  async function refusal(response: ProviderResponse, signal: AbortSignal, describe: (body: string) => ChatbotProviderException): Promise<ChatbotProviderException> {
    const body = await response.text().catch(() => '')
    signal.throwIfAborted()
    return describe(body)
  }

  /** The wait before the next attempt, or `undefined` when `failure` is final. */
  function retryDelay(failure: unknown, retry: number, retryAfterMs: number | undefined, started: boolean, deadline: number): number | undefined {
    if (retry >= retries || started || !(failure instanceof ChatbotProviderException) || !isRetriable(failure)) return undefined
    const delay = retryAfterMs ?? backoffDelay(retry, retryBackoffMs)
    // Never sleep into the turn's deadline: the provider's failure says more than a stream_timeout.
    return delay < Math.min(deadline - performance.now(), MAX_WAIT_MS) ? delay : undefined
  }

  function announce(error: ChatbotProviderException, attempt: number, delayMs: number): void {
    const message = redact(`The provider failed before the first token (${error.detail}); retry ${attempt} of ${retries} in ${delayMs} ms.`)
    onRetry?.({ attempt, retries, delayMs, error, message })
  }

  function report(error: ChatbotProviderException): void {
    onFailure?.({ error, message: redact(`The provider request failed, the turn ends with ${error.code()}: ${error.detail}`) })
  }

  function redact(text: string): string {
    return apiKey ? text.replaceAll(apiKey, '[redacted]') : text
  }

  return {
    async stream(request: ChatRequest, onText: TextDeltaHandler, signal: AbortSignal, streamOptions: StreamOptions = {}): Promise<StreamResult> {
      signal.throwIfAborted()
      const body = protocol.body(request)
      const deadline = performance.now() + (streamOptions.timeLeftMs ?? Number.POSITIVE_INFINITY)
      for (let retry = 0; ; retry++) {
        const accumulator = protocol.reader(onText)
        let retryAfterMs: number | undefined
        try {
          const response = await send(body, signal)
          if (response.status < 200 || response.status > 299) {
            retryAfterMs = parseRetryAfter(response.header('retry-after'))
            throw await refusal(response, signal, (text) => statusFailure(response.status, response.statusText, text, apiKey))
          }
          // A proxy's HTML page or a JSON body would read as an empty stream, "cut", and be retried.
          const contentType = response.header('content-type')
          if (contentType !== undefined && !isEventStream(contentType)) {
            throw await refusal(response, signal, (text) => notEventStreamFailure(contentType, text, apiKey))
          }
          return await readCompletion(response.body, accumulator, signal)
        } catch (failure) {
          // An abort (stop, disconnect, deadline) rejects with its own reason and is never retried.
          const delay = signal.aborted ? undefined : retryDelay(failure, retry, retryAfterMs, accumulator.started(), deadline)
          if (delay === undefined) {
            if (!signal.aborted && failure instanceof ChatbotProviderException) report(failure)
            throw failure
          }
          announce(failure as ChatbotProviderException, retry + 1, delay)
          await waitFor(delay, signal)
        }
      }
    },
  }
}

/** `text/event-stream`, with any parameters. */
function isEventStream(contentType: string): boolean {
  return /^\s*text\/event-stream\s*(;|$)/i.test(contentType)
}
