import { ofetch } from 'ofetch'
import { cutFailure, networkFailure, statusFailure } from './failures.js'
import { readCompletion } from './read-completion.js'
import type { ChatRequest, ProviderClient, StreamResult, TextDeltaHandler } from './types.js'

export interface ProviderClientOptions {
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string
  /** Extra headers for every request (an organisation, an `api-key` header for Azure, …). */
  headers?: Record<string, string>
  /** Replaces the global `fetch` (a proxy agent, an instrumented fetch). */
  fetch?: typeof globalThis.fetch
}

/** A streaming chat-completions client for any OpenAI-compatible provider. */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const { apiKey } = options
  const headers = new Headers(options.headers)
  headers.set('content-type', 'application/json')
  headers.set('accept', 'text/event-stream')
  if (apiKey) headers.set('authorization', `Bearer ${apiKey}`)
  // Retries belong to the turn (it knows whether text already reached the browser); timeouts to
  // `streamDuration`, so ofetch gets neither.
  const $fetch = options.fetch ? ofetch.create({}, { fetch: options.fetch }) : ofetch

  async function open(request: ChatRequest, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const body = JSON.stringify({ ...request, stream: true, stream_options: { include_usage: true } })
    let response: Response
    try {
      response = await $fetch.raw(url, {
        method: 'POST',
        headers,
        body,
        signal,
        responseType: 'stream',
        retry: 0,
        ignoreResponseError: true,
      })
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw networkFailure(error)
    }
    if (!response.ok) {
      const failure = await statusFailure(response, apiKey)
      signal.throwIfAborted()
      throw failure
    }
    // Only 204-like statuses have no body: nothing arrived, so the reply was cut.
    if (!response.body) throw cutFailure(undefined)
    return response.body
  }

  return {
    async stream(request: ChatRequest, onText: TextDeltaHandler, signal: AbortSignal): Promise<StreamResult> {
      signal.throwIfAborted()
      return readCompletion(await open(request, signal), onText, signal)
    },
  }
}
