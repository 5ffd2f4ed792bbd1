import { afterEach, describe, expect, it } from 'vitest'
import { ChatbotException, definePlugin, type Turn } from '@chatbot-kit/kernel'
import { ChatbotQuotaExceededException } from '@chatbot-kit/plugin-quota'
import { createHarness, events, type Harness } from './harness.js'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

describe('the turn and its hooks', () => {
  it('runs the hooks in order, with sections added by a plugin in the system prompt', async () => {
    const calls: string[] = []
    const recorder = definePlugin({
      name: 'recorder',
      hooks: {
        request: (context) => void calls.push(`request:${context.route}:${context.channel}`),
        'turn:start': () => void calls.push('turn:start'),
        'turn:context': (turn: Turn) => {
          calls.push('turn:context')
          turn.sections.push({ name: 'orders', content: 'Order 1042 shipped.', source: 'server' })
        },
        'turn:prompt': (turn: Turn) => void calls.push(`turn:prompt:${turn.request.messages.length}`),
        'turn:chunk': (_turn: Turn, text: string) => void calls.push(`chunk:${text}`),
        'turn:end': (turn: Turn) => void calls.push(`turn:end:${turn.text}`),
      },
    })
    h = await createHarness('in-process', { plugins: [recorder] })
    h.chatbot.context('time', () => 'It is noon.')
    h.provider.script({ chunks: ['a', 'b'] })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hi' }))
    expect(calls).toEqual(['request:chatbot.messages:default', 'turn:start', 'turn:context', 'turn:prompt:2', 'chunk:a', 'chunk:b', 'turn:end:ab'])
    const system = h.provider.requests.at(-1)!.body.messages[0]!.content as string
    expect(system).toContain('<context name="time" source="server">\nIt is noon.\n</context>')
    expect(system).toContain('<context name="orders" source="server">\nOrder 1042 shipped.\n</context>')
    expect(stream[0]).toMatchObject({
      type: 'context_summary',
      sections: [
        { name: 'time', source: 'server', bytes: 11, truncated: false },
        { name: 'orders', source: 'server', bytes: 19, truncated: false },
      ],
    })
  })

  it('a throw before the stream is an HTTP status; after it, an error event', async () => {
    const refuse = definePlugin({
      name: 'refuse',
      hooks: {
        'turn:start': (turn: Turn) => {
          if (turn.message === 'blocked') throw new ChatbotException('Nope.', { code: 'blocked_by_host', status: 451 })
        },
        'turn:prompt': (turn: Turn) => {
          if (turn.message === 'over quota') throw new ChatbotQuotaExceededException()
        },
      },
    })
    h = await createHarness('in-process', { plugins: [refuse] })
    const blocked = await h.post({ signed_context: h.envelope(), message: 'blocked' })
    expect(blocked.status).toBe(451)
    expect(await blocked.json()).toEqual({ error: { code: 'blocked_by_host', message: 'Nope.' } })
    const quota = await h.post({ signed_context: h.envelope(), message: 'over quota' })
    expect(quota.status).toBe(200)
    expect((await events(quota)).at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded', retryable: false })
  })

  it('a turn:chunk listener can stop the reply mid-stream', async () => {
    const cutoff = definePlugin({
      name: 'cutoff',
      hooks: {
        'turn:chunk': (turn: Turn) => {
          if (turn.text.length > 6) throw new ChatbotQuotaExceededException('Output budget spent.')
        },
      },
    })
    h = await createHarness('in-process', { plugins: [cutoff] })
    h.provider.script({ chunks: ['abc', 'def', 'ghi', 'jkl'], tokenDelayMs: 10 })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'go' }))
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['abc', 'def'])
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
  })

  it('caps each context section on a UTF-8 boundary, marked [truncated]', async () => {
    h = await createHarness('in-process', { context: { sectionSizeCap: 64 } })
    h.chatbot.context('big', '€'.repeat(100))
    h.provider.script({ text: 'ok' })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hi' }))
    expect(stream[0]).toMatchObject({ sections: [{ name: 'big', bytes: 62, truncated: true }] })
    expect(h.provider.requests.at(-1)!.body.messages[0]!.content).toContain(`${'€'.repeat(17)}[truncated]`)
  })

  it('caps a section that carries its own sizeCap to that, not to sectionSizeCap', async () => {
    const own = definePlugin({
      name: 'own-cap',
      hooks: { 'turn:context': (turn) => void turn.sections.push({ name: 'wide', content: 'a'.repeat(100), source: 'server', sizeCap: 80 }, { name: 'narrow', content: 'b'.repeat(100), source: 'server', sizeCap: 32 }) },
    })
    h = await createHarness('in-process', { context: { sectionSizeCap: 64 }, plugins: [own] })
    h.provider.script({ text: 'ok' })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hi' }))
    expect(stream[0]).toMatchObject({ sections: [{ name: 'wide', bytes: 80, truncated: true }, { name: 'narrow', bytes: 32, truncated: true }] })
  })

  it('prunes the oldest history to fit tokenCap', async () => {
    h = await createHarness('in-process', { tokenCap: 160, prompt: '' })
    const token = h.envelope()
    let id: string | undefined
    for (let i = 0; i < 6; i += 1) {
      h.provider.script({ text: `answer ${i} ${'filler '.repeat(8)}` })
      const response = await h.post({ signed_context: token, message: `question ${i} ${'filler '.repeat(8)}`, ...(id ? { conversation_id: id } : {}) })
      id = response.headers.get('x-chatbot-conversation-id')!
      await events(response)
    }
    const sent = h.provider.requests.at(-1)!.body.messages.map((message) => message.content as string)
    expect(sent.at(-1)).toMatch(/^question 5/)
    expect(sent.length).toBeLessThan(11)
    expect(sent.length).toBeGreaterThan(2)
    expect(sent.some((content) => content.startsWith('question 0'))).toBe(false)
    expect(sent.at(-2)).toMatch(/^answer 4/)
  })

  it('rolls a conversation over to a new id after conversationTtl', async () => {
    h = await createHarness('in-process', { conversationTtl: 1 })
    const token = h.envelope()
    h.provider.script({ text: 'one' })
    const first = await h.post({ signed_context: token, message: 'first' })
    const firstId = first.headers.get('x-chatbot-conversation-id')!
    await events(first)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    h.provider.script({ text: 'two' })
    const second = await h.post({ signed_context: token, message: 'second', conversation_id: firstId })
    const secondId = second.headers.get('x-chatbot-conversation-id')!
    expect(secondId).not.toBe(firstId)
    expect((await events(second)).at(-1)).toMatchObject({ type: 'done', conversation_id: secondId })
    expect(h.provider.requests.at(-1)!.body.messages.map((message) => message.content)).not.toContain('first')
    const rolled = await h.chatbot.db.selectFrom('conversations').select(['rolled_from']).where('public_id', '=', secondId).executeTakeFirstOrThrow()
    expect(rolled.rolled_from).not.toBeNull()
  })

  it('sends a keep-alive comment while nothing else flows', async () => {
    h = await createHarness('in-process', {}, { keepAliveMs: 150 })
    h.provider.script({ text: 'late', firstChunkDelayMs: 600 })
    const body = await (await h.post({ signed_context: h.envelope(), message: 'hi' })).text()
    expect(body).toContain(': keep-alive\n\n')
    expect(body.indexOf(': keep-alive')).toBeLessThan(body.indexOf('"type":"token"'))
  })

  it('chatbot.fake binds an in-memory provider', async () => {
    h = await createHarness('in-process')
    const fake = h.chatbot.fake(['Faked reply here'])
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hi' }))
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe('Faked reply here')
    expect(fake.requests).toHaveLength(1)
    expect(h.provider.requests).toHaveLength(0)
  })
})

describe('route middleware', () => {
  it('stops start-up naming an unknown middleware', async () => {
    await expect(createHarness('in-process', { routeMiddleware: ['nope'] })).rejects.toThrow(/routeMiddleware.*"nope"/)
  })

  it("runs the host's middleware from the config map, which beats a plugin's of the same name", async () => {
    const deny = () => new Response('{"error":{"code":"denied","message":"no"}}', { status: 401 })
    const plugin = definePlugin({ name: 'registers-deny', setup: (chatbot) => void chatbot.registerMiddleware('deny', () => undefined) })
    h = await createHarness('in-process', { routeMiddleware: ['deny'], middleware: { deny }, plugins: [plugin] })
    expect((await h.post({ signed_context: h.envelope(), message: 'hi' })).status).toBe(401)
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })
})

describe('streamDuration excludes time inside tools', () => {
  it('a turn:tool listener slower than streamDuration still ends in done', async () => {
    const slowTool = definePlugin({
      name: 'slow-tool',
      hooks: {
        'turn:prompt': (turn: Turn) => {
          turn.request.tools = [{ type: 'function', function: { name: 'slow', parameters: { type: 'object' } } }]
        },
        'turn:tool': async (turn: Turn, calls) => {
          await new Promise((resolve) => setTimeout(resolve, 1500))
          for (const call of calls) turn.request.messages.push({ role: 'tool', content: 'slow result', tool_call_id: call.id })
          delete turn.request.tools
        },
      },
    })
    h = await createHarness('in-process', { streamDuration: 1, plugins: [slowTool] })
    h.provider.script({ toolCalls: [{ name: 'slow', arguments: {} }] }, { text: 'after the tool' })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'use the tool' }))
    expect(stream.at(-1)).toMatchObject({ type: 'done' })
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe('after the tool')
    const second = h.provider.requests.at(-1)!.body.messages
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: 'slow result' })
  })
})
