import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminCaller, type AdminRouter } from '@chatbot-kit/admin'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type RunningServer } from 'chatbot-kit'
import { orderContextPlugin } from '../../../playground/plugins/order-context.js'

// The worked example of docs/plugins.md, run through a real chatbot over a real socket
// (the setup pattern of packages/kernel/test/harness.ts).

type StreamEvent = { type: string } & Record<string, unknown>

const ADMIN_TOKEN = 'order-context-admin-token-0123'

const events = (response: Response) => readSse<StreamEvent>(response)

describe('the order-context example plugin', () => {
  let dir: string
  let provider: DemoProvider
  let chatbot: Chatbot
  let server: RunningServer

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-order-context-'))
    provider = await createDemoProvider()
    chatbot = await createChatbot(
      {
        appKey: generateAppKey(),
        database: join(dir, 'chatbot.sqlite'),
        routeMiddleware: [],
        baseUrl: provider.url,
        apiKey: 'test-key',
        provider: { retries: 0 },
        admin: { token: ADMIN_TOKEN },
        plugins: [orderContextPlugin({ bannedWord: 'refund' })],
      },
      { env: {}, logger: silentLogger() },
    )
    server = await serveChatbot(chatbot, { port: 0 })
  })

  afterAll(async () => {
    await server?.close()
    await chatbot?.close()
    await provider?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const envelope = (identity: { userId: string } | { guestId: string }) => chatbot.mintEnvelope({ ...identity, route: 'shop.orders', channel: 'default' })
  const post = (body: unknown) =>
    fetch(`${server.url}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const stats = async () => (await (await fetch(`${server.url}/chatbot/order-context/stats`)).json()) as { replies: number }
  const count = async (table: 'conversations' | 'messages') =>
    Number((await chatbot.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it("adds the signed-in user's orders as a context section", async () => {
    provider.script({ text: 'Order 1042 shipped on 20 November.' })
    const response = await post({ signed_context: envelope({ userId: 'user-42' }), message: 'Where is my anvil?' })
    expect(response.status).toBe(200)
    const stream = await events(response)
    expect(stream[0]).toMatchObject({ type: 'context_summary', sections: [{ name: 'orders', source: 'server', truncated: false }] })
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    const system = provider.requests.at(-1)!.body.messages[0]!.content as string
    expect(system).toContain('<context name="orders" source="server">\nOrder 1042: 2 × anvil, 50 kg, shipped on 2026-11-20.\nOrder 1057: 1 × hammer, waiting for stock.\n</context>')
  })

  it('adds no section for a guest or a user without orders', async () => {
    for (const identity of [{ guestId: 'guest-1' }, { userId: 'user-7' }]) {
      provider.script({ text: 'I see no orders.' })
      const stream = await events(await post({ signed_context: envelope(identity), message: 'Any orders?' }))
      expect(stream[0]).toMatchObject({ type: 'context_summary', sections: [] })
      expect(provider.requests.at(-1)!.body.messages[0]!.content).not.toContain('name="orders"')
    }
  })

  it('refuses a message with the banned word: 422 before the stream, no message stored, no provider call', async () => {
    const [messagesBefore, requestsBefore] = [await count('messages'), provider.requests.length]
    const response = await post({ signed_context: envelope({ userId: 'user-42' }), message: 'I want a REFUND now' })
    expect(response.status).toBe(422)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({
      error: {
        code: 'message_refused',
        message: 'This assistant cannot take that request here.',
        fields: { message: 'contains a word this assistant does not accept' },
      },
    })
    expect(await count('messages')).toBe(messagesBefore)
    expect(provider.requests.length).toBe(requestsBefore)
    // A whole-word match: "refunds" is not the banned word.
    provider.script({ text: 'Our refunds policy is 30 days.' })
    const allowed = await post({ signed_context: envelope({ guestId: 'guest-2' }), message: 'What are your refunds rules?' })
    expect(allowed.status).toBe(200)
    expect((await events(allowed)).at(-1)).toMatchObject({ type: 'done' })
  })

  it('counts completed replies in turn:end, not refused or failed turns', async () => {
    const before = (await stats()).replies
    provider.script({ text: 'Fine.' })
    await events(await post({ signed_context: envelope({ userId: 'user-42' }), message: 'Thanks' }))
    await post({ signed_context: envelope({ userId: 'user-42' }), message: 'refund' })
    provider.script({ status: 500 })
    const failed = await events(await post({ signed_context: envelope({ userId: 'user-42' }), message: 'Hello?' }))
    expect(failed.at(-1)).toMatchObject({ type: 'error', code: 'provider_unavailable' })
    expect((await stats()).replies).toBe(before + 1)
  })

  it('adds orders.byUser to the admin API: over HTTP, typed by AdminRouter, and in-process', async () => {
    const admin = createTRPCClient<AdminRouter>({ links: [httpBatchLink({ url: `${server.url}/chatbot/admin/trpc`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })] })
    expect(await admin.orders.byUser.query({ userId: 'user-42' })).toEqual([
      { id: '1042', item: '2 × anvil, 50 kg', status: 'shipped on 2026-11-20' },
      { id: '1057', item: '1 × hammer', status: 'waiting for stock' },
    ])
    expect(await admin.orders.byUser.query({ userId: 'user-7' })).toEqual([])
    await expect(admin.orders.byUser.query({ user: 'user-42' } as never)).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' }, message: 'user is not a known field' })
    expect((await admin.capabilities.query()).procedures).toContain('orders.byUser')
    expect((await createAdminCaller(chatbot).orders.byUser({ userId: 'user-42' })).map((order) => order.id)).toEqual(['1042', '1057'])
  })
})
