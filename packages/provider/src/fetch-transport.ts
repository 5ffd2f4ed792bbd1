import type { $Fetch } from 'ofetch'
import { ERROR_BODY_LIMIT, type CompletionBody, type ProviderTransport } from './transport.js'

/**
 * The transport for a host-supplied `fetch` (a proxy agent, an instrumented fetch), through
 * ofetch. Retries belong to the turn (it knows whether text already reached the browser) and
 * timeouts to `streamDuration`, so ofetch gets neither.
 */
export function createFetchTransport(url: string, fetch: typeof globalThis.fetch): ProviderTransport {
  // Imported on first use: only hosts that pass their own `fetch` pay for loading it.
  let client: Promise<$Fetch> | undefined
  return {
    async post(headers, body, signal) {
      const $fetch = await (client ??= import('ofetch').then(({ ofetch }) => ofetch.create({}, { fetch })))
      const response = await $fetch.raw(url, { method: 'POST', headers, body, signal, responseType: 'stream', retry: 0, ignoreResponseError: true })
      return {
        status: response.status,
        statusText: response.statusText,
        header: (name) => response.headers.get(name) ?? undefined,
        text: () => readText(response.body),
        body: webBody(response.body),
      }
    },
  }
}

function webBody(stream: ReadableStream<Uint8Array> | null): CompletionBody {
  // Taken when reading starts: an error body is read with `text()` instead, which needs it unlocked.
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  return {
    async read(onChunk) {
      // Only 204-like statuses have no body: it ends at once, and the reader reports it cut.
      if (!stream) return
      reader = stream.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done || onChunk(value)) return
      }
    },
    cancel() {
      ;(reader ?? stream)?.cancel().catch(() => {})
    },
  }
}

/** An error body up to `ERROR_BODY_LIMIT`, like the Node transport: an endless one is cut there. */
async function readText(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!stream) return ''
  const reader = stream.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    size += value.byteLength
    if (size > ERROR_BODY_LIMIT) {
      await reader.cancel().catch(() => {})
      return ''
    }
  }
  return Buffer.concat(parts).toString('utf8')
}
