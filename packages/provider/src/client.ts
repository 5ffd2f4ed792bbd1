import { createProviderEndpoint } from './endpoint.js'
import { ProviderError } from './error.js'
import { createFetchTransport } from './fetch-transport.js'
import { networkFailure, notEventStreamFailure, statusFailure } from './failures.js'
import { waitForFirstByte } from './first-byte.js'
import { failureHint } from './hints.js'
import { createNodeTransport } from './node-transport.js'
import { PROVIDER_PROTOCOLS } from './protocol.js'
import { readCompletion } from './read-completion.js'
import { backoffDelay, MAX_WAIT_MS, parseRetryAfter, waitFor } from './retry-policy.js'
import type { ProviderResponse, ProviderTransport } from './transport.js'
import type { ChatRequest, ProviderClient, StreamOptions, StreamResult, TextDeltaHandler } from './types.js'
import type { ProviderClientOptions } from './client-options.js'

export type { ProviderClientOptions, ProviderFailure, ProviderRetry, ProviderStall } from './client-options.js'

/**
 * A streaming client for any OpenAI-compatible provider, over chat completions or the Responses
 * API, retrying failures before the first token.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const api = options.api ?? 'chat'
  if (!Object.hasOwn(PROVIDER_PROTOCOLS, api)) throw new TypeError(`Unknown provider API ${JSON.stringify(api)}: expected 'chat' or 'responses'.`)
  const protocol = PROVIDER_PROTOCOLS[api]
  const endpoint = createProviderEndpoint(options.baseUrl, protocol.path)
  const { apiKey, retries = 0, retryBackoffMs = 500, firstByteTimeoutMs, onRetry, onFailure, onStall } = options
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value
  headers['content-type'] = 'application/json'
  headers.accept = 'text/event-stream'
  if (apiKey) headers.authorization = `Bearer ${apiKey}`
  const transport: ProviderTransport = options.fetch ? createFetchTransport(endpoint.url, options.fetch) : createNodeTransport(endpoint.url)

  async function send(body: string, signal: AbortSignal): Promise<ProviderResponse> {
    try {
      return await transport.post(headers, body, signal)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw networkFailure(error, endpoint.host)
    }
  }

  /** A non-2xx answer, or a 200 that is not an event stream, as the failure `describe` makes of its body. */
  async function refusal(response: ProviderResponse, signal: AbortSignal, describe: (body: string) => ProviderError): Promise<ProviderError> {
    const body = await response.text().catch(() => '')
    signal.throwIfAborted()
    return describe(body)
  }

  /** The wait before the next attempt, or `undefined` when `failure` is final. */
  function retryDelay(failure: unknown, retry: number, retryAfterMs: number | undefined, started: boolean, deadline: number): number | undefined {
    if (retry >= retries || started || !(failure instanceof ProviderError) || !failure.retryable) return undefined
    const delay = retryAfterMs ?? backoffDelay(retry, retryBackoffMs)
    // Never sleep into the turn's deadline: the provider's failure says more than a stream_timeout.
    return delay < Math.min(deadline - performance.now(), MAX_WAIT_MS) ? delay : undefined
  }

  function announce(error: ProviderError, attempt: number, delayMs: number): void {
    const message = redact(`The provider request to ${endpoint.shown} failed before the first token (${explain(error)}); retry ${attempt} of ${retries} in ${delayMs} ms.`)
    onRetry?.({ attempt, retries, delayMs, error, message })
  }

  function report(error: ProviderError): void {
    const explanation = redact(explain(error))
    onFailure?.({ error, url: endpoint.shown, explanation, message: `The provider request to ${endpoint.shown} failed: ${explanation}` })
  }

  /** The failure's detail and, when the failure points at one, its likely fix. */
  function explain(error: ProviderError): string {
    const hint = failureHint(error, endpoint)
    return hint ? `${error.detail} ${hint}` : error.detail
  }

  function redact(text: string): string {
    return apiKey ? text.replaceAll(apiKey, '[redacted]') : text
  }

  return {
    async stream(request: ChatRequest, onText: TextDeltaHandler, signal: AbortSignal, streamOptions: StreamOptions = {}): Promise<StreamResult> {
      signal.throwIfAborted()
      const deadline = performance.now() + (streamOptions.timeLeftMs ?? Number.POSITIVE_INFINITY)
      for (let retry = 0; ; retry++) {
        const accumulator = protocol.reader(onText)
        const wait = waitForFirstByte(signal, endpoint.host, firstByteTimeoutMs)
        let retryAfterMs: number | undefined
        try {
          // Built per attempt, not kept: this frame lives as long as the reply streams, and with a
          // long history the body is many KB (docs/performance.md, "the heap object by object").
          const response = await send(protocol.body(request), wait.signal)
          wait.responded(response.status)
          if (response.status < 200 || response.status > 299) {
            retryAfterMs = parseRetryAfter(response.header('retry-after'))
            throw await refusal(response, wait.signal, (text) => statusFailure(response.status, response.statusText, text, apiKey))
          }
          // A proxy's HTML page or a JSON body would read as an empty stream, "cut", and be retried.
          const contentType = response.header('content-type')
          if (contentType !== undefined && !isEventStream(contentType)) {
            throw await refusal(response, wait.signal, (text) => notEventStreamFailure(contentType, text, apiKey))
          }
          const result = await readCompletion(wait.watch(response.body), accumulator, wait.signal)
          wait.end()
          return result
        } catch (failure) {
          wait.end()
          // Otherwise a hung provider that the caller's deadline ends leaves no word of it in the log.
          if (!wait.answered && signal.aborted) {
            onStall?.({ reason: signal.reason, url: endpoint.shown, silence: redact(wait.silence()) })
          }
          // An abort (stop, disconnect, deadline) rejects with its own reason and is never retried.
          const delay = signal.aborted ? undefined : retryDelay(failure, retry, retryAfterMs, accumulator.started(), deadline)
          if (delay === undefined) {
            if (!signal.aborted && failure instanceof ProviderError) report(failure)
            throw failure
          }
          announce(failure as ProviderError, retry + 1, delay)
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
