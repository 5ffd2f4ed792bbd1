import { createFetchTransport } from './fetch-transport.js'
import { networkFailure, statusFailure } from './failures.js'
import { createNodeTransport } from './node-transport.js'
import { readCompletion } from './read-completion.js'
import type { ProviderResponse, ProviderTransport } from './transport.js'
import type { ChatRequest, ProviderClient, StreamResult, TextDeltaHandler } from './types.js'

export interface ProviderClientOptions {
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string
  /** Extra headers for every request (an organisation, an `api-key` header for Azure, …). */
  headers?: Record<string, string>
  /**
   * Sends the requests through this `fetch` (a proxy agent, an instrumented fetch) with ofetch.
   * Without it they go over Node's `http`/`https` with keep-alive, the faster path.
   */
  fetch?: typeof globalThis.fetch
}

/** A streaming chat-completions client for any OpenAI-compatible provider. */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const { apiKey } = options
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value
  headers['content-type'] = 'application/json'
  headers.accept = 'text/event-stream'
  if (apiKey) headers.authorization = `Bearer ${apiKey}`
  const transport: ProviderTransport = options.fetch ? createFetchTransport(url, options.fetch) : createNodeTransport(url)

  async function open(request: ChatRequest, signal: AbortSignal): Promise<ProviderResponse> {
    const body = JSON.stringify({ ...request, stream: true, stream_options: { include_usage: true } })
    let response: ProviderResponse
    try {
      response = await transport.post(headers, body, signal)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw networkFailure(error)
    }
    if (response.status < 200 || response.status > 299) {
      const failure = statusFailure(response.status, response.statusText, await response.text().catch(() => ''), apiKey)
      signal.throwIfAborted()
      throw failure
    }
    return response
  }

  return {
    async stream(request: ChatRequest, onText: TextDeltaHandler, signal: AbortSignal): Promise<StreamResult> {
      signal.throwIfAborted()
      const response = await open(request, signal)
      return readCompletion(response.body, onText, signal)
    },
  }
}
