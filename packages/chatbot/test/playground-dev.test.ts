import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenNode, readSse } from '@chatbot-kit/test-utils'
import { assertBuilt, cleanEnv, PLAYGROUND_SECRETS, start, stop } from './cli.js'

// `npm run dev` as a user runs it: `chatbot dev` in playground/, its index.html, the human-paced
// demo provider. Only the database moves to a temporary folder.
const PLAYGROUND = fileURLToPath(new URL('../../../playground/', import.meta.url))
const READY = /dev server: (http:\/\/[\d.]+:\d+)/

describe('chatbot dev in the playground', () => {
  let dir: string
  let server: Awaited<ReturnType<typeof start>>
  let origin: string
  beforeAll(async () => {
    assertBuilt()
    dir = mkdtempSync(join(tmpdir(), 'chatbot-playground-dev-'))
    // A port nothing listens on for the playground's MCP server: `npm run dev` or playground.test.ts may hold 4319.
    const probe = await listenNode(() => {})
    await probe.close()
    // An empty key and base URL beat a playground/.env that names a real provider: the demo provider answers.
    const env = cleanEnv({ CHATBOT_DATABASE_URL: join(dir, 'playground.sqlite'), ...PLAYGROUND_SECRETS, CHATBOT_ROUTE_MIDDLEWARE: '', CHATBOT_API_KEY: '', CHATBOT_BASE_URL: '', PLAYGROUND_MCP_PORT: new URL(probe.url).port })
    server = await start(['dev', '--port', '0'], PLAYGROUND, env, READY)
    origin = server.match[1]!
  })
  afterAll(async () => {
    expect(await stop(server.child)).toBe(0)
    rmSync(dir, { recursive: true, force: true })
  })

  const token = () => server.output().match(/export CHATBOT_ADMIN_TOKEN=([\w-]+)/)![1]!
  const page = async (channel: string) => (await fetch(`${origin}/?channel=${channel}`)).text()

  it('serves the demo page: a channel switcher, what the channel is set up with, the cart extractor, an admin curl line without the token', async () => {
    const html = await page('support')
    expect(html).toContain('<a href="/?channel=support" aria-current="page">support</a>')
    expect(html).toContain('<a href="/?channel=default">default</a>')
    expect(html).toMatch(/<dt>Tools<\/dt><dd><code>order_status<\/code>, <code>refund_order<\/code><\/dd><dt>Client extractors<\/dt><dd><code>page-snapshot<\/code><\/dd>/)
    expect(html).toContain("registerClientExtractor('cart'")
    expect(html).toContain(`curl -s -H "authorization: Bearer $CHATBOT_ADMIN_TOKEN" ${origin}/chatbot/admin/trpc/conversations.list`)
    expect(html).not.toContain(token())
    expect(await page('default')).toContain('<dt>Tools</dt><dd><code>shop__*</code></dd><dt>Client extractors</dt><dd><code>page-snapshot</code>, <code>cart</code></dd>')
  })

  it('a support turn calls order_status with the order number, and the admin API lists it with the printed token', async () => {
    const html = await page('support')
    const signed_context = html.match(/signed-context="([^"]+)"/)![1]!
    const response = await fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context, message: 'Where is my order 1042?' }),
    })
    const events = await readSse<{ type: string; content?: string } & Record<string, unknown>>(response)
    expect(events.find((event) => event.type === 'tool_started')).toMatchObject({ name: 'order_status', arguments: { orderId: '1042' } })
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    const words = events.filter((event) => event.type === 'token')
    expect(words.length).toBeGreaterThan(10)
    expect(words.map((event) => event.content).join('')).toContain('- **Status:** shipped')

    const list = await fetch(`${origin}/chatbot/admin/trpc/conversations.list`, { headers: { authorization: `Bearer ${token()}` } })
    expect(list.status).toBe(200)
    const { items } = ((await list.json()) as { result: { data: { items: { channel: string }[] } } }).result.data
    expect(items).toEqual([expect.objectContaining({ channel: 'support' })])
  })
})
