import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listenNode, readSse, silentLogger, type Listener } from '@chatbot-kit/test-utils'
import { createChatbot, defineTool, generateAppKey, type Chatbot } from 'chatbot-kit'

// A whole turn with `provider.api: 'responses'`, through `chatbot.nodeHandler` (the path
// `chatbot serve` takes) and the built-in plugins, against the demo provider's /v1/responses.

type StreamEvent = { type: string } & Record<string, unknown>

const orderStatus = defineTool({
  name: 'order_status',
  description: 'The shipping status of one order, by its number.',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'], additionalProperties: false },
  handler: ({ order }) => ({ order, status: 'shipped' }),
})

describe("a turn over the Responses API (provider.api: 'responses')", () => {
  let dir: string
  let provider: DemoProvider
  let chatbot: Chatbot
  let server: Listener

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-responses-'))
    provider = await createDemoProvider()
    chatbot = await createChatbot(
      {
        appKey: generateAppKey(),
        database: join(dir, 'chatbot.sqlite'),
        routeMiddleware: [],
        baseUrl: provider.url,
        apiKey: 'test-key',
        tools: { definitions: [orderStatus] },
        channels: { default: { allowedTools: ['order_status'] } },
      },
      { env: { CHATBOT_PROVIDER_API: 'responses' }, logger: silentLogger() },
    )
    server = await listenNode(chatbot.nodeHandler)
  })

  afterAll(async () => {
    await server?.close()
    await chatbot?.close()
    await provider?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const envelope = (userId: string) => chatbot.mintEnvelope({ userId, route: 'shop.orders', channel: 'default' })
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(response.status).toBe(200)
    return readSse<StreamEvent>(response)
  }
  const tokens = (events: StreamEvent[]) => events.filter((event) => event.type === 'token').map((event) => event.content)
  const history = async (id: string, token: string) =>
    ((await (await fetch(`${server.url}/chatbot/conversations/${id}/messages?signed_context=${encodeURIComponent(token)}`)).json()) as { messages: { role: string; content: string }[] }).messages

  it('streams the tokens, counts the usage in the quota, stores both messages, and sends the whole conversation each turn', async () => {
    expect(chatbot.config.provider.api).toBe('responses')
    const token = envelope('user-1')
    provider.script({ chunks: ['Hel', 'lo ', 'there.'], usage: { prompt_tokens: 30, completion_tokens: 3 } })
    const first = await post({ signed_context: token, message: 'hi' })
    expect(tokens(first)).toEqual(['Hel', 'lo ', 'there.'])
    const done = first.at(-1)!
    expect(done).toMatchObject({ type: 'done', finish_reason: 'stop', usage: { input_tokens: 30, output_tokens: 3 } })
    const sent = provider.requests.at(-1)!
    expect(sent.api).toBe('responses')
    expect(sent.wire).toMatchObject({ stream: true, store: false, input: [{ type: 'message', role: 'user', content: 'hi' }] })
    expect(sent.wire.instructions).toContain('You are a helpful assistant')
    expect(sent.wire.tools).toEqual([{ type: 'function', name: 'order_status', description: orderStatus.description, parameters: expect.any(Object), strict: false }])
    expect(sent.wire).not.toHaveProperty('messages')
    expect(sent.wire).not.toHaveProperty('previous_response_id')

    const conversation = done.conversation_id as string
    provider.script({ text: 'Again.', usage: { prompt_tokens: 40, completion_tokens: 1 } })
    await post({ signed_context: token, message: 'and again', conversation_id: conversation })
    expect(provider.requests.at(-1)!.wire.input).toEqual([
      { type: 'message', role: 'user', content: 'hi' },
      { type: 'message', role: 'assistant', content: 'Hello there.' },
      { type: 'message', role: 'user', content: 'and again' },
    ])
    expect(provider.requests.at(-1)!.wire).not.toHaveProperty('previous_response_id')
    expect(await chatbot.quota({ userId: 'user-1' })).toMatchObject({ input: { used: 70 }, output: { used: 4 } })
    expect((await history(conversation, token)).map(({ role, content }) => [role, content])).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello there.'],
      ['user', 'and again'],
      ['assistant', 'Again.'],
    ])
  })

  it('runs a function call round trip: the call streamed as items, the output sent back as function_call_output', async () => {
    const token = envelope('user-2')
    provider.script(
      { toolCalls: [{ name: 'order_status', arguments: { order: '1042' }, id: 'call_x' }], usage: { prompt_tokens: 50, completion_tokens: 8 } },
      { text: 'Order 1042 has shipped.', usage: { prompt_tokens: 70, completion_tokens: 5 } },
    )
    const before = provider.requests.length
    const events = await post({ signed_context: token, message: 'Where is order 1042?' })
    expect(events.find((event) => event.type === 'tool_started')).toMatchObject({ call_id: 'call_x', name: 'order_status', arguments: { order: '1042' } })
    expect(events.find((event) => event.type === 'tool_finished')).toMatchObject({ call_id: 'call_x', name: 'order_status' })
    expect(tokens(events).join('')).toBe('Order 1042 has shipped.')
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop', usage: { input_tokens: 120, output_tokens: 13 } })
    expect(provider.requests).toHaveLength(before + 2)
    expect(provider.requests.at(-1)!.wire.input).toEqual([
      { type: 'message', role: 'user', content: 'Where is order 1042?' },
      { type: 'function_call', call_id: 'call_x', name: 'order_status', arguments: '{"order":"1042"}' },
      { type: 'function_call_output', call_id: 'call_x', output: '{"order":"1042","status":"shipped"}' },
    ])
    expect(await chatbot.quota({ userId: 'user-2' })).toMatchObject({ input: { used: 120 }, output: { used: 13 } })
    const stored = await history(events.at(-1)!.conversation_id as string, token)
    expect(stored.map(({ role, content }) => [role, content])).toEqual([
      ['user', 'Where is order 1042?'],
      ['assistant', 'Order 1042 has shipped.'],
    ])
  })
})
