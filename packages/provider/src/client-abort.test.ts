import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import { createProviderClient } from './client.js'
import type { ChatRequest } from './types.js'

const request: ChatRequest = { model: 'demo', messages: [{ role: 'user', content: 'Hi' }] }

let provider: DemoProvider
beforeEach(async () => {
  provider = await createDemoProvider()
})
afterEach(() => provider.close())

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}

/**
 * Resolves once the server has seen the streaming connection close, failing after 100 ms. Node's
 * fetch opens a spare connection after an abort, which Node 24 closes at once: only connections
 * that carried a request are counted.
 */
async function connectionClosedWithin100ms(): Promise<void> {
  await vi.waitFor(() => expect(provider.closedServingConnections()).toBe(1), { timeout: 100, interval: 2 })
}

describe.each(PROVIDER_CASES)('createProviderClient abort (%s)', (_name, transport) => {
  test('aborting while the provider is silent closes the connection and rejects with the reason', async () => {
    provider.script({ text: 'one two three four', hangAfterChunks: 2 })
    const controller = new AbortController()
    const reason = new Error('browser went away')
    const deltas: string[] = []
    const { promise: twoDeltas, resolve } = deferred()
    const streaming = createProviderClient({ ...transport, baseUrl: provider.url }).stream(
      request,
      (text) => deltas.push(text) === 2 && resolve(),
      controller.signal,
    )
    await twoDeltas
    expect(provider.openConnections()).toBe(1)
    controller.abort(reason)
    await expect(streaming).rejects.toBe(reason)
    await connectionClosedWithin100ms()
    expect(deltas).toEqual(['one ', 'two '])
  })

  test('aborting from inside onText stops delivery and closes the connection', async () => {
    provider.script({ text: 'one two three four five six', tokenDelayMs: 5 })
    const controller = new AbortController()
    const reason = new Error('quota reached')
    const deltas: string[] = []
    const streaming = createProviderClient({ ...transport, baseUrl: provider.url }).stream(
      request,
      (text) => {
        deltas.push(text)
        if (deltas.length === 2) controller.abort(reason)
      },
      controller.signal,
    )
    await expect(streaming).rejects.toBe(reason)
    await connectionClosedWithin100ms()
    expect(deltas).toEqual(['one ', 'two '])
  })

  test('an already aborted signal rejects with its reason and sends nothing', async () => {
    const reason = new Error('too late')
    const streaming = createProviderClient({ ...transport, baseUrl: provider.url }).stream(request, () => {}, AbortSignal.abort(reason))
    await expect(streaming).rejects.toBe(reason)
    expect(provider.requests).toHaveLength(0)
  })

  test('aborting before the response headers arrive cancels the request upstream', async () => {
    const { promise: upstreamAborted, resolve } = deferred<unknown>()
    const { promise: received, resolve: arrive } = deferred()
    const server = await listen((incoming) => {
      incoming.signal.addEventListener('abort', () => resolve(incoming.signal.reason))
      arrive()
      return new Promise<Response>(() => {})
    })
    const controller = new AbortController()
    const reason = new Error('gave up waiting')
    const streaming = createProviderClient({ ...transport, baseUrl: server.url }).stream(request, () => {}, controller.signal)
    await received
    controller.abort(reason)
    await expect(streaming).rejects.toBe(reason)
    await expect(upstreamAborted).resolves.toBeInstanceOf(Error)
    await server.close()
  })
})
