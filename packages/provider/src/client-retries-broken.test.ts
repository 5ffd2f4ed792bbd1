import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen, listenNode } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { never, rejection, request, retrying } from '../test/provider-calls.js'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import type { ProviderRetry } from './client.js'

let provider: DemoProvider
beforeEach(async () => {
  provider = await createDemoProvider()
})
afterEach(() => provider.close())

describe.each(PROVIDER_CASES)('createProviderClient retries a connection or body broken before the first token (%s)', (_name, transport, wire) => {
  test('connection refused, then a provider listening: the retry gets the reply', async () => {
    const probe = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => probe.once('listening', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise((resolve) => probe.close(resolve))
    // Starts listening before the retry's timer can fire (the bind happens on the next tick).
    let late: Promise<DemoProvider> | undefined
    const retries: ProviderRetry[] = []
    const onRetry = (retry: ProviderRetry) => {
      retries.push(retry)
      late = createDemoProvider({ port })
    }
    const { client } = retrying({ ...transport, baseUrl: `http://127.0.0.1:${port}/v1`, onRetry })
    const deltas: string[] = []
    const result = await client.stream(request, (text) => deltas.push(text), never)
    const started = await late!
    await started.close()
    expect(retries).toMatchObject([{ attempt: 1, error: { kind: 'network' } }])
    expect(retries[0]!.message).toContain('ECONNREFUSED')
    expect(deltas.length).toBeGreaterThan(0)
    expect(result.finishReason).toBe('stop')
    expect(started.requests).toHaveLength(1)
  })

  test('a connection reset before any response is sent again', async () => {
    let served = 0
    const server = await listenNode((req, res) => {
      req.resume()
      if (served++ === 0) return void req.socket.destroy()
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(wire.whole('steady'))
    })
    const { client, retries } = retrying({ ...transport, baseUrl: server.url })
    const deltas: string[] = []
    await client.stream(request, (text) => deltas.push(text), never)
    await server.close()
    expect(deltas).toEqual(['steady'])
    expect(served).toBe(2)
    expect(retries).toMatchObject([{ error: { kind: 'network' } }])
  })

  test('a 200 that breaks off before any delta is sent again; one that broke after a delta is not', async () => {
    provider.script({ text: 'lost', cutAfterChunks: 0 }, { chunks: ['whole'] })
    const { client, retries } = retrying({ ...transport, baseUrl: provider.url })
    const deltas: string[] = []
    await client.stream(request, (text) => deltas.push(text), never)
    expect(deltas).toEqual(['whole'])
    expect(retries).toMatchObject([{ error: { kind: 'cut' } }])

    provider.script({ text: 'one two', cutAfterChunks: 1 }, { text: 'must not be asked' })
    let text = ''
    const error = await rejection(client.stream(request, (delta) => (text += delta), never))
    expect(error.kind).toBe('cut')
    expect(text).toBe('one ')
    expect(provider.requests).toHaveLength(3)
    expect(retries).toHaveLength(1)
  })

  test('an error event at the head of a 200 stream is sent again', async () => {
    const bodies = [wire.error('overloaded', 503), wire.whole('fine')]
    let served = 0
    const server = await listen(() => new Response(bodies[served++], { headers: { 'content-type': 'text/event-stream' } }))
    const { client, retries } = retrying({ ...transport, baseUrl: server.url })
    const deltas: string[] = []
    await client.stream(request, (text) => deltas.push(text), never)
    await server.close()
    expect(deltas).toEqual(['fine'])
    expect(served).toBe(2)
    expect(retries).toMatchObject([{ error: { kind: 'status', status: 503 } }])
  })
})
