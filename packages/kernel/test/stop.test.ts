import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ChatbotMessageCompleted, ChatbotMessageFailed, countTokens, definePlugin, type DoneStreamEvent, type Turn } from '@chatbot-kit/kernel'
import { quotaPlugin } from '@chatbot-kit/plugin-quota'
import { readSse, sseEvents } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from './harness.js'
import { eventFrames } from './frames.js'

// `turn.stop()` is what the stop route (replies plugin) calls on the instance running the reply.

/** Stops a reply whose message is `stop after <k>` once its k-th token went out (`0`: before the provider is called). */
const stopAfterTokens = definePlugin({
  name: 'stop-after-tokens',
  hooks: {
    'turn:prompt': (turn) => {
      if (tokensToStopAfter(turn) === 0) turn.stop()
    },
    'turn:chunk': (turn) => {
      turn.state.tokens = ((turn.state.tokens as number | undefined) ?? 0) + 1
      if (turn.state.tokens === tokensToStopAfter(turn)) turn.stop()
    },
  },
})
const tokensToStopAfter = (turn: Turn) => Number(/^stop after (\d+)$/.exec(turn.message)?.[1] ?? Number.NaN)

/** Keeps each running turn by conversation, for a test to stop from outside. */
function keepTurns(turns: Map<string, Turn>) {
  return definePlugin({ name: 'keep-turns', hooks: { 'turn:prompt': (turn) => void turns.set(turn.conversation.publicId, turn) } })
}

const words = Array.from({ length: 100 }, (_, index) => `w${index} `)

type Row = { content: string; status: string; finish_reason: string | null; output_tokens: number | null }
const storedReply = (h: Harness, messageId: string) =>
  h.chatbot.db.selectFrom('messages').select(['content', 'status', 'finish_reason', 'output_tokens']).where('public_id', '=', messageId).executeTakeFirst() as Promise<Row | undefined>

let h: Harness | undefined
afterEach(() => h?.close())

describe('turn.stop()', () => {
  it('from turn:chunk after k tokens: the provider request is closed, exactly those k tokens are stored with finish reason stopped, done says stopped', async () => {
    h = await createHarness('socket', { plugins: [stopAfterTokens] })
    const outcomes: string[] = []
    h.chatbot.on(ChatbotMessageCompleted, (event) => void outcomes.push(`completed:${event.payload.finishReason}`))
    h.chatbot.on(ChatbotMessageFailed, (event) => void outcomes.push(`failed:${event.payload.error.code()}`))
    h.provider.script({ chunks: words, tokenDelayMs: 10 })
    const closedBefore = h.provider.closedConnections()
    const token = h.envelope()

    const response = await h.post({ signed_context: token, message: 'stop after 4' })
    const frames = eventFrames(await response.text())
    expect(frames.map((frame) => frame.data.type)).toEqual(['context_summary', 'token', 'token', 'token', 'token', 'done'])
    const done = frames.at(-1)!.data
    const streamed = 'w0 w1 w2 w3 '
    expect(done).toMatchObject({ type: 'done', message_id: frames[0]!.messageId, finish_reason: 'stopped', usage: { output_tokens: countTokens(streamed) } })
    expect((done.usage as { input_tokens: number }).input_tokens).toBeGreaterThan(0)
    // The provider's connection was closed mid-reply, as on an abort.
    await expect.poll(() => h!.provider.closedConnections()).toBeGreaterThan(closedBefore)

    expect(await storedReply(h, frames[0]!.messageId)).toEqual({ content: streamed, status: 'incomplete', finish_reason: 'stopped', output_tokens: countTokens(streamed) })
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const { messages } = (await (await h.history(conversationId, token)).json()) as { messages: Record<string, unknown>[] }
    expect(messages.at(-1)).toMatchObject({ id: frames[0]!.messageId, role: 'assistant', content: streamed, status: 'incomplete' })
    // A stop is an end, not a failure: turn:end runs, turn:error does not.
    expect(outcomes).toEqual(['completed:stopped'])
    await expect.poll(() => h!.chatbot.activeStreams).toBe(0)
  })

  it('from outside while the browser reads: what it was sent is what is stored, and its stream ends with done', async () => {
    const turns = new Map<string, Turn>()
    h = await createHarness('socket', { plugins: [keepTurns(turns)] })
    h.provider.script({ chunks: words, tokenDelayMs: 10 })
    const response = await h.post({ signed_context: h.envelope(), message: 'go on' })
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const received: { type: string; content?: string; finish_reason?: string; message_id?: string }[] = []
    for await (const item of sseEvents<(typeof received)[number]>(response)) {
      if (item.kind !== 'data') continue
      received.push(item.data)
      if (received.filter((event) => event.type === 'token').length === 5) turns.get(conversationId)!.stop()
    }
    const streamed = received.filter((event) => event.type === 'token').map((event) => event.content).join('')
    expect(streamed.length).toBeLessThan(words.join('').length)
    expect(received.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stopped' })
    expect(await storedReply(h, received.at(-1)!.message_id!)).toMatchObject({ content: streamed, status: 'incomplete', finish_reason: 'stopped' })
  })

  it('before the first token: nothing is stored, done still names the reply and says stopped', async () => {
    h = await createHarness('socket', { plugins: [stopAfterTokens] })
    h.provider.script({ chunks: words.slice(0, 5) })
    const token = h.envelope()
    const response = await h.post({ signed_context: token, message: 'stop after 0' })
    const stream = await events(response)
    expect(stream.map((event) => event.type)).toEqual(['context_summary', 'done'])
    expect(stream[1]).toMatchObject({ message_id: stream[0]!.message_id, finish_reason: 'stopped', usage: { input_tokens: 0, output_tokens: 0 } })
    expect(await storedReply(h, stream[0]!.message_id as string)).toBeUndefined()
    const { messages } = (await (await h.history(response.headers.get('x-chatbot-conversation-id')!, token)).json()) as { messages: { role: string; content: string }[] }
    expect(messages.map(({ role, content }) => [role, content])).toEqual([['user', 'stop after 0']])
  })

  it('after the reply ended: no effect', async () => {
    const turns = new Map<string, Turn>()
    h = await createHarness('socket', { plugins: [keepTurns(turns)] })
    h.provider.script({ text: 'all of it' })
    const response = await h.post({ signed_context: h.envelope(), message: 'hi' })
    const stream = await events(response)
    turns.get(response.headers.get('x-chatbot-conversation-id')!)!.stop()
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(await storedReply(h, stream.at(-1)!.message_id as string)).toMatchObject({ content: 'all of it', status: 'complete', finish_reason: 'stop' })
  })
})

describe('turn.stop() with the quota plugin', () => {
  it('charges what streamed: the prompt and the stopped text, nothing for a reply stopped before its first token', async () => {
    const plugins = [quotaPlugin({ prefix: `chatbot-test:stop:${randomUUID()}` }), stopAfterTokens]
    h = await createHarness('socket', { storage: 'memory:', plugins, dailyQuota: { input: 1_000_000, output: 1_000_000 } })
    const identity = { userId: `stopper-${randomUUID()}` }
    h.provider.script({ chunks: words, tokenDelayMs: 5 })
    const stream = await readSse<DoneStreamEvent>(await h.post({ signed_context: h.envelope(identity), message: 'stop after 6' }))
    const done = stream.at(-1)!
    expect(done.finish_reason).toBe('stopped')
    const quota = await h.chatbot.quota(identity)
    expect(quota.output.used).toBe(countTokens('w0 w1 w2 w3 w4 w5 '))
    expect(quota.input.used).toBe(done.usage.input_tokens)
    expect(quota.input.used).toBeGreaterThan(0)

    const early = { userId: `early-stopper-${randomUUID()}` }
    expect((await events(await h.post({ signed_context: h.envelope(early), message: 'stop after 0' }))).at(-1)).toMatchObject({ finish_reason: 'stopped' })
    const untouched = await h.chatbot.quota(early)
    expect([untouched.input.used, untouched.output.used]).toEqual([0, 0])
  })
})
