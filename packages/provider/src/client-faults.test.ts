import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { never, rejection, request, retrying } from '../test/provider-calls.js'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import type { ProviderFailure } from './client.js'
import { MAX_LINE_BYTES } from './sse-decoder.js'

let provider: DemoProvider
beforeEach(async () => {
  provider = await createDemoProvider()
})
afterEach(() => provider.close())

/** A client with two retries that also records the failures it reports for the log. */
function reporting(transport: object) {
  const failures: ProviderFailure[] = []
  return { failures, ...retrying({ ...transport, baseUrl: provider.url, apiKey: 'sk-live-123', onFailure: (failure) => failures.push(failure) }) }
}

describe.each(PROVIDER_CASES)('provider faults keep the provider words out of the message (%s)', (_name, transport) => {
  test.each([
    ['a 500 with a plain-text body', { rawBody: 'upstream exploded at db-7.internal.corp:5432 (key sk-live-123)', status: 500 }, 'db-7.internal.corp'],
    ['a 429 whose JSON names the org', { status: 429, errorBody: { error: { message: 'Rate limit reached for org-Zx81Ab in organization org-Zx81Ab.' } } }, 'org-Zx81Ab'],
  ])('%s: our message, the words in the detail, reported once', async (_case, reply, secret) => {
    provider.script(reply, reply, reply)
    const { client, failures, retries } = reporting(transport)
    const error = await rejection(client.stream(request, () => {}, never))
    expect(error.message).toMatch(/^The AI provider is (unavailable|busy) right now \(HTTP (500|429)\)\. Please try again\.$/)
    expect(JSON.stringify(error)).not.toContain(secret)
    expect(error.detail).toContain(secret)
    expect(error.detail).not.toContain('sk-live-123')
    expect(retries.map((retry) => retry.message).join()).toContain(secret)
    expect(failures).toEqual([expect.objectContaining({ error, message: expect.stringContaining(secret) })])
    expect(failures[0]!.message).not.toContain('sk-live-123')
  })

  test('a garbage line: our message, the line in the detail only', async () => {
    provider.script({ text: 'fine so far', rawLines: ['data: <b>proxy error at 10.0.3.7</b>'] })
    const { client, failures } = reporting(transport)
    const error = await rejection(client.stream(request, () => {}, never))
    expect(error).toMatchObject({ kind: 'malformed', message: 'The AI provider sent an answer that could not be read.' })
    expect(error.retryable).toBe(false)
    expect(error.detail).toContain('10.0.3.7')
    expect(failures.map((failure) => failure.error)).toEqual([error])
  })
})

describe.each(PROVIDER_CASES)('a 200 that is not an event stream is final (%s)', (_name, transport, wire) => {
  test.each([
    ['text/html', '<html><body>502 Bad Gateway from edge-3.internal</body></html>', 'edge-3.internal'],
    ['application/json', JSON.stringify({ id: 'chatcmpl-1', choices: [{ message: { content: 'not streamed' } }] }), 'chatcmpl-1'],
    ['application/json', JSON.stringify({ error: { message: 'Model overloaded on node gpu-17' } }), 'Model overloaded on node gpu-17'],
  ])('%s → provider_error naming the type, no retry', async (contentType, rawBody, said) => {
    provider.script({ rawBody, contentType: `${contentType}; charset=utf-8` }, { text: 'must not be asked' })
    const { client, retries, failures } = reporting(transport)
    const error = await rejection(client.stream(request, () => {}, never))
    expect(error.retryable).toBe(false)
    expect(error.message).toBe(`The AI provider answered with ${contentType} instead of an event stream.`)
    expect(error.detail).toContain(said)
    expect(provider.requests).toHaveLength(1)
    expect(retries).toEqual([])
    expect(failures.map((failure) => failure.error)).toEqual([error])
  })

  test('text/event-stream with parameters, or no content type at all, is read as a stream', async () => {
    const body = wire.finished('ok')
    const types: Record<string, string>[] = [{ 'content-type': 'Text/Event-Stream; charset=utf-8' }, {}]
    for (const headers of types) {
      const server = await listen(() => new Response(new TextEncoder().encode(body), { headers }))
      let text = ''
      await retrying({ ...transport, baseUrl: server.url }).client.stream(request, (delta) => (text += delta), never)
      await server.close()
      expect(text).toBe('ok')
    }
  })
})

describe.each(PROVIDER_CASES)('what a provider streams (%s)', (name, transport) => {
  test('8 MiB with no newline: the request is aborted at the line cap with provider_error', async () => {
    provider.script({ chunks: ['before '], endlessLineBytes: 8 * 1024 * 1024 })
    const { client, failures } = reporting(transport)
    let text = ''
    const error = await rejection(client.stream(request, (delta) => (text += delta), never))
    expect(text).toBe('before ')
    expect(error).toMatchObject({ kind: 'malformed', message: 'The AI provider sent an answer that could not be read.' })
    expect(error.retryable).toBe(false)
    expect(error.detail).toContain(String(MAX_LINE_BYTES))
    expect(failures).toHaveLength(1)
    // undici closes a cancelled body's socket only at its keep-alive timeout (4 s); Node's at once.
    if (name.endsWith('node:http')) await expect.poll(() => provider.openConnections()).toBe(0)
  })

  test('U+0000 is dropped from text deltas; a delta of only NULs is no delta', async () => {
    provider.script({ chunks: ['a\u0000b', '\u0000\u0000', 'c\u0000'] })
    const deltas: string[] = []
    const result = await retrying({ ...transport, baseUrl: provider.url }).client.stream(request, (delta) => deltas.push(delta), never)
    expect(deltas).toEqual(['ab', 'c'])
    expect(result.finishReason).toBe('stop')
  })
})
