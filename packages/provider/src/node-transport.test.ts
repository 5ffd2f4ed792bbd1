import type { IncomingMessage, ServerResponse } from 'node:http'
import { listenNode, type Listener } from '@chatbot-kit/test-utils'
import { afterEach, describe, expect, test } from 'vitest'
import { HAND_MADE_WIRES } from '../test/provider-wires.js'
import { ProviderError } from './error.js'
import { createProviderClient } from './client.js'
import type { ChatRequest, ProviderApi } from './types.js'

const request: ChatRequest = { model: 'demo', messages: [{ role: 'user', content: 'Hi' }] }
const never = new AbortController().signal

const servers: Listener[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A provider that hands the n-th request (1-based) to `handlers[n - 1]`, and counts them. */
async function provider(...handlers: ((req: IncomingMessage, res: ServerResponse) => void)[]) {
  let count = 0
  const server = await listenNode((req, res) => {
    req.resume()
    req.once('end', () => handlers[Math.min(count++, handlers.length - 1)]!(req, res))
  })
  servers.push(server)
  return { url: `${server.url}/v1`, requests: () => count }
}

describe.each(['chat', 'responses'] as ProviderApi[])('the node:http transport on kept-alive connections (%s)', (api) => {
  const wire = HAND_MADE_WIRES[api]
  const reply = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(wire.whole('ok'))
  }

  test('sends once more on a fresh connection when a reused socket is reset before any response', async () => {
    const server = await provider(reply, (req) => req.socket.destroy(), reply)
    const client = createProviderClient({ baseUrl: server.url, api })
    await client.stream(request, () => {}, never)
    let text = ''
    const result = await client.stream(request, (delta) => (text += delta), never)
    expect(text).toBe('ok')
    expect(result.finishReason).toBe('stop')
    expect(server.requests()).toBe(3)
  })

  test('never sends a request again once its response started: a reply cut mid-way fails as cut', async () => {
    const cutMidway = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(wire.text('partial '))
      setTimeout(() => res.socket?.resetAndDestroy(), 20)
    }
    const server = await provider(reply, cutMidway, reply)
    const client = createProviderClient({ baseUrl: server.url, api })
    await client.stream(request, () => {}, never)
    let text = ''
    const error = await client.stream(request, (delta) => (text += delta), never).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).retryable).toBe(true)
    expect(text).toBe('partial ')
    // Give a stray second send time to arrive: the server must have seen two requests only.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.requests()).toBe(2)
  })
})
