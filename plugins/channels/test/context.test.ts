import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type ChatbotConfig, type Turn } from '@chatbot-kit/kernel'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { channelsPlugin } from '../src/index.js'

// How the system prompt is assembled from the base prompt, the channel prompt and the sections.

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const block = (name: string, content: string, source = 'server') => `<context name="${name}" source="${source}">\n${content}\n</context>`

async function start(config: ChatbotConfig): Promise<Harness> {
  h = await createHarness('in-process', { ...config, plugins: [channelsPlugin(), ...(config.plugins ?? [])] })
  return h
}

async function ask(harness: Harness, channel: string, token = harness.envelope({ channel })) {
  const response = await harness.post({ signed_context: token, message: 'hi' })
  expect(response.status).toBe(200)
  const stream = await events(response)
  const system = harness.provider.requests.at(-1)!.body.messages[0]!.content as string
  return { stream, system, token, conversationId: response.headers.get('x-chatbot-conversation-id')! }
}

describe('the system prompt', () => {
  it('is the base prompt, the channel prompt, the summary, then each named section in its own block', async () => {
    const client = definePlugin({
      name: 'client-blocks',
      hooks: { 'turn:context': (turn: Turn) => void turn.sections.push({ name: 'cart', content: '2 items', source: 'client' }) },
    })
    await start({ prompt: 'BASE', channels: { support: { prompt: 'CHANNEL', summary: 'SUMMARY' } }, plugins: [client] })
    h!.chatbot.context('clock', (turn) => `It is noon on ${turn.channel}, route ${turn.routeName}.`)
    h!.chatbot.context('plan', 'Pro plan.')
    h!.chatbot.channel('support').context('orders', 'Order 1042 shipped.')
    h!.chatbot.channel('sales').context('leads', 'Not on support.')
    const { system, stream } = await ask(h!, 'support')
    const sections = [
      block('channel-summary', 'SUMMARY'),
      block('clock', 'It is noon on support, route test.page.'),
      block('plan', 'Pro plan.'),
      block('orders', 'Order 1042 shipped.'),
      block('cart', '2 items', 'client'),
    ].join('\n\n')
    expect(system).toBe(`BASE\n\nCHANNEL\n\n${sections}`)
    expect(stream[0]).toEqual({
      type: 'context_summary',
      sections: [
        { name: 'channel-summary', source: 'server', bytes: 7, truncated: false },
        { name: 'clock', source: 'server', bytes: 39, truncated: false },
        { name: 'plan', source: 'server', bytes: 9, truncated: false },
        { name: 'orders', source: 'server', bytes: 19, truncated: false },
        { name: 'cart', source: 'client', bytes: 7, truncated: false },
      ],
      context_hash: sha256(sections),
      message_id: stream.at(-1)!.message_id,
    })
  })

  it('leaves out empty sections and has no context part without sections', async () => {
    await start({ prompt: 'BASE' })
    h!.chatbot.context('empty', () => '')
    const { system, stream } = await ask(h!, 'default')
    expect(system).toBe('BASE')
    expect(stream[0]).toEqual({ type: 'context_summary', sections: [], context_hash: sha256(''), message_id: stream.at(-1)!.message_id })
  })
})

describe('named sections', () => {
  it('adding a name again replaces the section; a throwing section fails the turn with 500 before the stream', async () => {
    await start({ prompt: '' })
    h!.chatbot.context('plan', 'Free plan.')
    h!.chatbot.context('plan', 'Pro plan.')
    expect((await ask(h!, 'default')).system).toBe(block('plan', 'Pro plan.'))

    h!.chatbot.context('plan', () => {
      throw new Error('orders service down')
    })
    const failed = await h!.post({ signed_context: h!.envelope(), message: 'hi' })
    expect(failed.status).toBe(500)
    expect(await failed.json()).toMatchObject({ error: { code: 'internal_error' } })
    // Only the first turn's "hi" is stored.
    expect(await h!.chatbot.db.selectFrom('messages').select('content').where('content', '=', 'hi').execute()).toHaveLength(1)
  })
})

describe('section caps', () => {
  it('cuts a section on a UTF-8 boundary, the [truncated] marker counting toward the cap', async () => {
    await start({ prompt: '', context: { sectionSizeCap: 32 } })
    h!.chatbot.context('ascii', 'a'.repeat(40))
    h!.chatbot.context('accents', 'é'.repeat(40))
    h!.chatbot.context('exact', 'b'.repeat(32))
    const { system, stream } = await ask(h!, 'default')
    // 32 − 11 marker bytes = 21: 21 ASCII bytes, but only 10 two-byte é (20 bytes).
    expect(system).toBe([block('ascii', `${'a'.repeat(21)}[truncated]`), block('accents', `${'é'.repeat(10)}[truncated]`), block('exact', 'b'.repeat(32))].join('\n\n'))
    expect(stream[0]).toMatchObject({
      sections: [
        { name: 'ascii', bytes: 32, truncated: true },
        { name: 'accents', bytes: 31, truncated: true },
        { name: 'exact', bytes: 32, truncated: false },
      ],
    })
  })

  it('caps the channel summary like any section', async () => {
    await start({ prompt: '', context: { sectionSizeCap: 20 }, channels: { support: { summary: 'x'.repeat(50) } } })
    const { system } = await ask(h!, 'support')
    expect(system).toBe(block('channel-summary', `${'x'.repeat(9)}[truncated]`))
  })
})

describe('context_hash', () => {
  it('is the SHA-256 of the assembled sections, stored on the user message and its reply', async () => {
    await start({ prompt: 'BASE' })
    let plan = 'Free plan.'
    h!.chatbot.context('plan', () => plan)
    const first = await ask(h!, 'default')
    const hash = sha256(block('plan', 'Free plan.'))
    expect(first.stream[0]).toMatchObject({ context_hash: hash })
    plan = 'Pro plan.'
    const history = async () => ((await (await h!.history(first.conversationId, first.token)).json()) as { messages: { context_hash: string }[] }).messages
    const response = await h!.post({ signed_context: first.token, message: 'again', conversation_id: first.conversationId })
    await events(response)
    expect((await history()).map((message) => message.context_hash)).toEqual([hash, hash, sha256(block('plan', 'Pro plan.')), sha256(block('plan', 'Pro plan.'))])
  })
})
