import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

describe.each(TRANSPORTS)('POST /chatbot/messages (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, { channels: { default: { greeting: 'Hello there!' }, support: { model: 'support-model' } } })
  })
  afterAll(() => h.close())

  it('streams the reply as token events, then done, and stores both messages', async () => {
    h.provider.script({ chunks: ['Hel', 'lo ', 'wörld'], usage: { prompt_tokens: 31, completion_tokens: 3 } })
    const token = h.envelope()
    const response = await h.post({ signed_context: token, message: 'Say hello' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    expect(response.headers.get('cache-control')).toContain('no-cache')
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const stream = await events(response)
    expect(stream[0]!.type).toBe('context_summary')
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['Hel', 'lo ', 'wörld'])
    const done = stream.at(-1)!
    expect(done).toMatchObject({ type: 'done', conversation_id: conversationId, finish_reason: 'stop', usage: { input_tokens: 31, output_tokens: 3 } })
    expect(done.message_id).toMatch(/^[0-9a-f-]{36}$/)

    const sent = h.provider.requests.at(-1)!
    expect(sent.headers.authorization).toBe('Bearer test-key')
    expect(sent.body.stream).toBe(true)
    expect(sent.body.stream_options).toEqual({ include_usage: true })
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'Say hello' })

    const history = await h.history(conversationId, token)
    expect(history.status).toBe(200)
    const { messages } = (await history.json()) as { messages: Array<Record<string, unknown>> }
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['assistant', 'Hello there!'],
      ['user', 'Say hello'],
      ['assistant', 'Hello wörld'],
    ])
    expect(messages[0]).toMatchObject({ route_name: null, context_hash: null })
    expect(messages[1]).toMatchObject({ route_name: 'test.page' })
    expect(messages[1]!.context_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(messages[2]!.context_hash).toBe(messages[1]!.context_hash)
    expect(messages[1]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
  })

  it('continues a conversation: the provider receives the earlier messages', async () => {
    const token = h.envelope({ userId: 'continuer' })
    h.provider.script({ text: 'First answer' })
    const first = await h.post({ signed_context: token, message: 'First question' })
    const id = first.headers.get('x-chatbot-conversation-id')!
    await events(first)
    h.provider.script({ text: 'Second answer' })
    const second = await h.post({ signed_context: token, message: 'Second question', conversation_id: id })
    expect(second.headers.get('x-chatbot-conversation-id')).toBe(id)
    await events(second)
    const roles = h.provider.requests.at(-1)!.body.messages.map((message) => `${message.role}:${typeof message.content === 'string' ? message.content : ''}`)
    expect(roles.slice(1)).toEqual(['user:First question', 'assistant:First answer', 'user:Second question'])
    expect(roles[0]).toMatch(/^system:/)
  })

  it('stores the user message before the provider is called', async () => {
    const token = h.envelope({ userId: 'early-bird' })
    h.provider.script({ text: 'slow reply', firstChunkDelayMs: 400 })
    const response = await h.post({ signed_context: token, message: 'Are you there?' })
    const id = response.headers.get('x-chatbot-conversation-id')!
    const during = (await (await h.history(id, token)).json()) as { messages: Array<{ role: string; content: string }> }
    expect(during.messages.map((message) => [message.role, message.content])).toEqual([
      ['assistant', 'Hello there!'],
      ['user', 'Are you there?'],
    ])
    await events(response)
  })

  it("uses the channel's model", async () => {
    h.provider.script({ text: 'ok' })
    await events(await h.post({ signed_context: h.envelope({ channel: 'support' }), message: 'hi' }))
    expect(h.provider.requests.at(-1)!.body.model).toBe('support-model')
  })

  it('calls the provider through provider.fetch when the config sets one', async () => {
    const seen: string[] = []
    const viaFetch = await createHarness(
      transport,
      { provider: { fetch: (input, init) => (seen.push(String(input instanceof Request ? input.url : input)), globalThis.fetch(input, init)) } },
      { provider: h.provider },
    )
    try {
      h.provider.script({ chunks: ['through ', 'the proxy'] })
      const stream = await events(await viaFetch.post({ signed_context: viaFetch.envelope(), message: 'hi' }))
      expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['through ', 'the proxy'])
      expect(seen).toEqual([`${h.provider.url}/chat/completions`])
    } finally {
      await viaFetch.close()
    }
  })
})
