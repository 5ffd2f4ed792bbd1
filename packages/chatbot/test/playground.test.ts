import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse } from '@chatbot-kit/test-utils'
import type { Chatbot } from 'chatbot-kit'
import { PLAYGROUND_URL, startPlayground, type PlaygroundServer } from './playground-server.js'

// playground/chatbot.config.ts as `chatbot dev` loads it, with the demo provider's default
// responder behind it, over a real socket: the tools, the approval, the playground's MCP server,
// the channels, an extractor, the help centre's knowledge source and pages, the admin API.
const ADMIN_TOKEN = 'playground-test-token'

type StreamEvent = { type: string; content?: string } & Record<string, unknown>

describe('the playground', () => {
  let playground: PlaygroundServer
  let provider: DemoProvider
  let chatbot: Chatbot

  beforeAll(async () => {
    playground = await startPlayground({ adminToken: ADMIN_TOKEN })
    ;({ chatbot, provider } = playground)
  })

  afterAll(async () => {
    await playground?.close()
  })

  const send = async (channel: string, message: string, extra: Record<string, unknown> = {}) => {
    const signed_context = chatbot.mintEnvelope({ guestId: 'guest-1', route: 'playground.home', channel })
    const response = await fetch(`${playground.url}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context, message, ...extra }),
    })
    return { response, events: response.status === 200 ? await readSse<StreamEvent>(response) : [] }
  }
  const decide = async (channel: string, paused: StreamEvent[], decision: 'approve' | 'deny') => {
    const signed_context = chatbot.mintEnvelope({ guestId: 'guest-1', route: 'playground.home', channel })
    const approvalId = paused.find((event) => event.type === 'tool_approval_required')!.approval_id as string
    const conversationId = paused.at(-1)!.conversation_id as string
    const response = await fetch(`${playground.url}/chatbot/conversations/${conversationId}/approvals/${approvalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context, decision }),
    })
    expect(response.status).toBe(200)
    return readSse<StreamEvent>(response)
  }
  const reply = (events: StreamEvent[]) => events.flatMap((event) => (event.type === 'token' ? [event.content] : [])).join('')
  const admin = async (procedure: string, input?: unknown) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const response = await fetch(`${playground.url}/chatbot/admin/trpc/${procedure}${query}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(response.status).toBe(200)
    return ((await response.json()) as { result: { data: Record<string, unknown> } }).result.data
  }

  it('loads: two channels with their own prompts and greetings, the tools on support, the MCP server on default, extractors, the admin token', () => {
    const [shop, support] = [chatbot.settings('default'), chatbot.settings('support')]
    expect(shop.prompt).not.toBe(support.prompt)
    expect(shop.greeting).not.toBe(support.greeting)
    expect(shop).toMatchObject({ allowedTools: ['shop__*'], allowedExtractors: ['page-snapshot', 'cart'] })
    expect(support).toMatchObject({ allowedTools: ['order_status', 'refund_order'], allowedExtractors: ['page-snapshot'] })
    // request_handoff is the handoff plugin's, offered on support only (its `handoff` block).
    expect(chatbot.tools().map((tool) => tool.name)).toEqual(['order_status', 'refund_order', 'request_handoff'])
    expect([shop.handoff, support.handoff]).toEqual([undefined, { enabled: true, waitTimeout: 120 }])
    expect([shop.attachments, support.attachments]).toEqual([undefined, { enabled: true, types: ['image/*', 'text/*'], maxFiles: 3 }])
    expect(chatbot.config.admin.token).toBe(ADMIN_TOKEN)
  })

  it('on support, "where is my order 1042?" calls order_status with the order number and summarises its result', async () => {
    const { events } = await send('support', 'Where is my order 1042?')
    const started = events.find((event) => event.type === 'tool_started')
    expect(started).toMatchObject({ name: 'order_status', arguments: { orderId: '1042' } })
    expect(events.find((event) => event.type === 'tool_finished')).toMatchObject({ name: 'order_status', call_id: started!.call_id })
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    const text = reply(events)
    expect(text).toMatch(/^I looked up \*\*1042\*\* with `order_status`:/)
    expect(text).toContain('- **Status:** shipped')
    expect(text).toContain('(https://acme-freight.example/track/AF1042)')
    // The second round sent the tool's result back to the model.
    expect(provider.requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('"carrier":"ACME Freight"') })
  })

  it('validates the arguments with the zod schema: a message without an order number fails the call, and the reply says why', async () => {
    const { events } = await send('support', 'What is the status of my order?')
    expect(events.find((event) => event.type === 'tool_failed')).toMatchObject({ name: 'order_status', error: { code: 'invalid_arguments' } })
    expect(reply(events)).toContain('an order number has 4 to 6 digits')
  })

  it('on support, a refund waits for the visitor: approved, refund_order runs; denied, it does not and the reply says so', async () => {
    const paused = (await send('support', 'Please refund my order 1042')).events
    expect(paused.find((event) => event.type === 'tool_approval_required')).toMatchObject({ calls: [{ name: 'refund_order', arguments: { orderId: '1042' } }] })
    expect(paused.some((event) => event.type === 'tool_started')).toBe(false)
    expect(paused.at(-1)).toMatchObject({ type: 'done', finish_reason: 'approval_required' })
    const approved = await decide('support', paused, 'approve')
    expect(approved.find((event) => event.type === 'tool_finished')).toMatchObject({ name: 'refund_order' })
    expect(reply(approved)).toContain('- **Status:** refunded')
    expect(approved.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })

    const denied = await decide('support', (await send('support', 'Refund order 1057')).events, 'deny')
    expect(denied.find((event) => event.type === 'tool_failed')).toMatchObject({ name: 'refund_order', error: { code: 'tool_denied' } })
    expect(reply(denied)).toMatch(/^You declined `refund_order` for \*\*1057\*\*, so I did not run it\./)
  })

  it('on default, stock and catalog questions call the tools of the MCP server the playground runs', async () => {
    const stock = (await send('default', 'Do you have anvils in stock?')).events
    expect(stock.find((event) => event.type === 'tool_started')).toMatchObject({ name: 'shop__check_stock', arguments: { product: 'anvils' } })
    expect(reply(stock)).toContain('- **Travel anvil, 8 kg:** sold out, back on 2026-12-04')
    const catalog = (await send('default', 'What hammers do you sell?')).events
    expect(catalog.find((event) => event.type === 'tool_started')).toMatchObject({ name: 'shop__search_catalog', arguments: { query: 'hammers' } })
    expect(reply(catalog)).toContain('- **Forging hammer, 2 kg:** 39 € (SKU HA-2)')
  })

  it('the default channel accepts the page\'s cart extractor and answers from it; support refuses it', async () => {
    const cart = '1 × Forging Hammer, 2 kg · 39 €'
    const { events } = await send('default', 'What is in my cart?', { client_extractors: { cart } })
    expect(events[0]).toMatchObject({ type: 'context_summary', sections: [{ name: 'cart', source: 'client' }] })
    expect(reply(events)).toContain(`- ${cart}`)
    const refused = await send('support', 'What is in my cart?', { client_extractors: { cart } })
    expect(refused.response.status).toBe(422)
    expect(await refused.response.json()).toMatchObject({ error: { code: 'extractor_not_allowed' } })
  })

  it('each channel answers in the voice of its prompt', async () => {
    expect(reply((await send('default', 'Hello')).events)).toMatch(/^Hi there! I'm Ada, the shop guide of ACME Anvils\./)
    expect(reply((await send('support', 'Hello')).events)).toMatch(/^Good day\. I'm Max from ACME Anvils support\./)
  })

  it("the admin API answers the demo page's curl line and lists the tool call", async () => {
    const list = (await admin('conversations.list')) as { items: { id: string; channel: string }[] }
    const support = list.items.filter((item) => item.channel === 'support')
    expect(support.length).toBeGreaterThan(0)
    const details = await Promise.all(support.map(({ id }) => admin('conversations.get', { id })))
    const invocations = details.flatMap((detail) => detail.toolInvocations as { toolName: string; arguments: unknown }[])
    expect(invocations).toContainEqual(expect.objectContaining({ toolName: 'order_status', arguments: { orderId: '1042' } }))
  })

  it('answers "what is your return policy?" from the help centre, synced at start, citing the returns page it serves', async () => {
    const { events } = await send('default', 'What is your return policy?')
    const returns = `${PLAYGROUND_URL}/chatbot/help/returns`
    const { sources } = events.find((event) => event.type === 'sources') as unknown as { sources: { id: number; title: string; url: string }[] }
    expect(sources[0]).toMatchObject({ id: 1, title: 'Returns and refunds — Return policy', url: `${returns}#return-policy` })
    expect(reply(events)).toContain('[1]')
    expect(events.at(-1)).toMatchObject({ type: 'done', citations: [1] })

    const page = await fetch(`${playground.url}/chatbot/help/returns`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).toContain('<title>Returns and refunds · ACME Anvils</title>')
    expect(html).toContain('<h2 id="return-policy">Return policy</h2>')
    expect(html).toContain('within <strong>30 days</strong> of delivery')
    const index = await (await fetch(`${playground.url}/chatbot/help`)).text()
    expect(index).toContain('<a href="returns">Returns and refunds</a>')
    expect(index).toContain('<base href="/chatbot/help/">')
    for (const missing of ['/chatbot/help/nothing', '/chatbot/help/..%2Fchatbot.config', '/chatbot/help/Returns']) expect((await fetch(`${playground.url}${missing}`)).status, missing).toBe(404)
  })
})
