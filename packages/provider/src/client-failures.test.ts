import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen } from '@chatbot-kit/test-utils'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ProviderError } from './error.js'
import { never, rejection, request } from '../test/provider-calls.js'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import { createProviderClient, type ProviderClientOptions } from './client.js'

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

/** Runs one request and returns the delivered text and the rejection. */
async function failure(transport: Partial<ProviderClientOptions>, baseUrl: string, apiKey?: string): Promise<{ text: string; error: ProviderError }> {
  let text = ''
  const error = await rejection(createProviderClient({ ...transport, baseUrl, apiKey }).stream(request, (delta) => (text += delta), never))
  return { text, error }
}

describe.each(PROVIDER_CASES)('createProviderClient failures (%s)', (_name, transport, wire) => {
  test.each([
    [500, true],
    [503, true],
    [429, true],
    [408, true],
    [409, true],
    [401, false],
    [404, false],
  ])('status %i → kind status, retryable %s', async (status, retryable) => {
    provider.script({ status })
    const { error } = await failure(transport, provider.url)
    expect(error.kind).toBe('status')
    expect(error.status).toBe(status)
    expect(error.retryable).toBe(retryable)
  })

  test('a 400: our message for the user, the provider message in the detail, never the API key', async () => {
    const message = 'Invalid model "gpt-x" for key sk-live-123.'
    provider.script({ status: 400, errorBody: { error: { message, type: 'invalid_request_error' } } })
    const { error } = await failure(transport, provider.url, 'sk-live-123')
    expect(error.retryable).toBe(false)
    expect(error.message).toBe('The AI provider rejected the request (HTTP 400).')
    expect(error.detail).toContain('Invalid model "gpt-x"')
    expect(error.detail).not.toContain('sk-live-123')
  })

  test('connection refused on a closed port → kind network, retryable', async () => {
    const server = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    await new Promise((resolve) => server.close(resolve))
    const { error } = await failure(transport, `http://127.0.0.1:${port}/v1`, 'sk-live-123')
    expect(error.kind).toBe('network')
    expect(error.retryable).toBe(true)
    expect(error.message).toBe('The AI provider is unavailable right now. Please try again.')
    expect(error.detail).toContain('ECONNREFUSED')
    expect(error.detail).not.toContain('sk-live-123')
  })

  test('a stream cut mid-way → kind cut, the text before it stays delivered', async () => {
    provider.script({ text: 'one two three four', cutAfterChunks: 2 })
    const { text, error } = await failure(transport, provider.url)
    expect(text).toBe('one two ')
    expect(error.kind).toBe('cut')
    expect(error.retryable).toBe(true)
  })

  test('a body that ends cleanly but without its end or a finish reason → kind cut', async () => {
    const server = await listen(() => new Response(wire.text('partial'), { headers: { 'content-type': 'text/event-stream' } }))
    const { text, error } = await failure(transport, server.url)
    await server.close()
    expect(text).toBe('partial')
    expect(error.kind).toBe('cut')
  })

  test('a connection lost after the finish reason is no failure: only the usage is missing', async () => {
    const finish = wire.finished('whole')
    const server = await listen(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(finish))
          // Makes the server destroy the socket, before any usage chunk or [DONE].
          setTimeout(() => controller.error(new Error('connection lost')), 10)
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    })
    let text = ''
    const result = await createProviderClient({ ...transport, baseUrl: server.url }).stream(request, (delta) => (text += delta), never)
    await server.close()
    expect(text).toBe('whole')
    expect(result).toEqual({ finishReason: 'stop', toolCalls: [] })
  })

  test('an unparsable data line → kind malformed, not retryable', async () => {
    provider.script({ text: 'fine so far', malformed: true })
    const { text, error } = await failure(transport, provider.url)
    expect(text).toBe('fine ')
    expect(error.kind).toBe('malformed')
    expect(error.retryable).toBe(false)
  })

  test('an error object inside the stream → kind status with its code', async () => {
    const body = wire.text('a') + wire.error('overloaded', 503)
    const server = await listen(() => new Response(body, { headers: { 'content-type': 'text/event-stream' } }))
    const { error } = await failure(transport, server.url)
    await server.close()
    expect(error).toMatchObject({ kind: 'status', status: 503 })
    expect(error.message).not.toContain('overloaded')
    expect(error.detail).toContain('overloaded')
  })
})
