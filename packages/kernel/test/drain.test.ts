import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createChatbot, generateAppKey, type Chatbot } from '@chatbot-kit/kernel'
import { rawRequest, silentLogger } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { follow, paced } from './shutdown-streams.js'

/** Long enough for the checks made during it, even on a loaded machine; the test waits it out once. */
const DRAIN_DELAY = 3

/** Each request on a connection of its own: what a balancer's new connection sees. */
const onNewConnection = (url: string, init: { method?: string; body?: string } = {}) =>
  rawRequest(url, { method: init.method, headers: { connection: 'close', ...(init.body ? { 'content-type': 'application/json' } : {}) }, ...init })

describe('chatbot.drain(server) on a host\'s own node:http server', () => {
  let provider: DemoProvider
  let chatbot: Chatbot
  let server: Server
  let origin: string
  let logged: string[]

  beforeEach(async () => {
    // A reply of about 2 s: still streaming when the drain starts, finished well within the grace.
    provider = await createDemoProvider({ responder: () => paced(20, 100) })
    logged = []
    const record = (message: string) => void logged.push(message)
    const logger = silentLogger({ info: record, success: record, warn: record })
    chatbot = await createChatbot(
      { appKey: generateAppKey(), database: ':memory:', routeMiddleware: [], baseUrl: provider.url, apiKey: 'k', shutdown: { drainDelay: DRAIN_DELAY } },
      { env: {}, logger },
    )
    server = createServer(chatbot.nodeHandler)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    server?.closeAllConnections()
    await chatbot?.close()
    await provider?.close()
  })

  const post = (message: string) =>
    fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ signed_context: chatbot.mintEnvelope({ route: 'test.page', channel: 'default', userId: 'u' }), message }),
    })

  it('answers health 503 at once and keeps accepting connections for the drain delay, then closes the port; the open reply finishes', async () => {
    expect((await onNewConnection(`${origin}/chatbot/health`)).status).toBe(200)
    const open = follow(await post('before'))
    await open.started

    const drained = chatbot.drain(server)
    expect(chatbot.drain(server)).toBe(drained)

    // During the delay: a new connection is accepted, health says 503, and a message is still served.
    const health = await onNewConnection(`${origin}/chatbot/health`)
    expect(health.status).toBe(503)
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'unavailable', problem: 'shutting down' })
    const late = follow(await post('during the delay'))

    await drained
    for (const stream of [open, late]) expect((await stream.ended).at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    await expect(onNewConnection(`${origin}/chatbot/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`health answers 503; still accepting connections for ${DRAIN_DELAY} s`),
        expect.stringContaining('no new connections'),
        expect.stringContaining('Stopped.'),
      ]),
    )
  })

  it('with no delay, stops listening at once and lets the open reply finish within the grace', async () => {
    const open = follow(await post('before'))
    await open.started
    await chatbot.drain(server, { delay: 0 })
    expect((await open.ended).at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    await expect(onNewConnection(`${origin}/chatbot/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('refuses a delay that is not a number of seconds ≥ 0', async () => {
    await expect(chatbot.drain(server, { delay: -1 })).rejects.toThrow(/delay must be a number of seconds ≥ 0, got -1/)
  })
})
