import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen, listenNode, readSse, type Listener } from '@chatbot-kit/test-utils'
import { createChatbot, definePlugin, generateAppKey, type Chatbot } from 'chatbot-kit'

// `createServer(chatbot.nodeHandler)` on a real socket: the same routes as `chatbot.fetch`, with
// reply frames written straight to Node's response (the path `chatbot serve` takes).

const silent = { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } as never

describe('chatbot.nodeHandler', () => {
  let dir: string
  let provider: DemoProvider
  let chatbot: Chatbot
  let server: Listener
  // For each request, whether it reached the app with Node's response attached (srvx's node adapter).
  const nodeResponses: boolean[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-node-handler-'))
    provider = await createDemoProvider()
    const probe = definePlugin({ name: 'probe', hooks: { request: ({ event }) => void nodeResponses.push(Boolean(event.runtime?.node?.res)) } })
    chatbot = await createChatbot(
      { appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), baseUrl: provider.url, apiKey: 'test-key', routeMiddleware: [], plugins: [probe] },
      { env: {}, logger: silent },
    )
    server = await listenNode(chatbot.nodeHandler)
  })

  afterAll(async () => {
    await server?.close()
    await chatbot?.close()
    await provider?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the routes and streams a reply over Node’s own response', async () => {
    expect((await fetch(`${server.url}/chatbot/health`)).status).toBe(200)
    provider.script({ text: 'Straight to the socket' })
    nodeResponses.length = 0
    const response = await fetch(`${server.url}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: chatbot.mintEnvelope({ userId: 'u1', route: 'home', channel: 'default' }), message: 'hi' }),
    })
    expect(response.status).toBe(200)
    const events = await readSse<{ type: string; content?: string }>(response)
    expect(events.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe('Straight to the socket')
    expect(nodeResponses).toEqual([true])
  })

  it('answers errors as JSON, like chatbot.fetch', async () => {
    const response = await fetch(`${server.url}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_json' } })
  })

  it('is what the probe tells apart from a web handler', async () => {
    const web = await listen((request) => chatbot.fetch(request))
    try {
      nodeResponses.length = 0
      expect((await fetch(`${web.url}/chatbot/health`)).status).toBe(200)
      expect(nodeResponses).toEqual([false])
    } finally {
      await web.close()
    }
  })
})
