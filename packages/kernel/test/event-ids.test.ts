import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definePlugin } from '@chatbot-kit/kernel'
import { eventFrames, rawFrames } from './frames.js'
import { createHarness, TRANSPORTS, type Harness } from './harness.js'

// A plugin's own events (the tools plugin's) are events of the reply too: they take the next id.
const sendsToolEvents = definePlugin({
  name: 'sends-tool-events',
  hooks: {
    'turn:prompt': (turn) => {
      if (!turn.message.startsWith('with tools')) return
      turn.send({ type: 'tool_started', call_id: 'call-1', name: 'lookup', arguments: { q: 'x' } })
      turn.send({ type: 'tool_finished', call_id: 'call-1', name: 'lookup', duration_ms: 1, overran: false })
    },
  },
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe.each(TRANSPORTS)('SSE ids of a reply (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, { plugins: [sendsToolEvents], provider: { retries: 0 } }, { keepAliveMs: 40 })
  })
  afterAll(() => h.close())

  it('every event has id <message_id>:<seq>, seq 1..n with no gap; keep-alive comments have none', async () => {
    h.provider.script({ chunks: ['one ', 'two ', 'three'], firstChunkDelayMs: 300 })
    const token = h.envelope()
    const response = await h.post({ signed_context: token, message: 'with tools, please' })
    const frames = rawFrames(await response.text())

    // The provider's pause lets keep-alives in between: they are bare comments.
    const comments = frames.filter((frame) => frame.kind === 'comment')
    expect(comments.length).toBeGreaterThan(0)
    // The stream opens with a comment of its own (a proxy compressing a first read over 512 bytes would hold it).
    expect(comments[0]!.text).toBe(': open\n\n')
    expect(comments.slice(1).every((frame) => frame.text === ': keep-alive\n\n')).toBe(true)

    const events = eventFrames(frames.map((frame) => frame.text).join(''))
    expect(events.map((frame) => frame.data.type)).toEqual(['context_summary', 'tool_started', 'tool_finished', 'token', 'token', 'token', 'done'])
    expect(events.map((frame) => frame.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
    const messageId = events[0]!.messageId
    expect(messageId).toMatch(UUID)
    expect(events.every((frame) => frame.messageId === messageId)).toBe(true)

    // One id names the reply everywhere: context_summary, done, the stored row and its history entry.
    expect(events[0]!.data.message_id).toBe(messageId)
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', message_id: messageId, finish_reason: 'stop' })
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const { messages } = (await (await h.history(conversationId, token)).json()) as { messages: { id: string | null; role: string; content: string }[] }
    expect(messages.at(-1)).toMatchObject({ id: messageId, role: 'assistant', content: 'one two three' })
    const stored = await h.chatbot.db.selectFrom('messages').select(['public_id', 'content']).where('public_id', '=', messageId).execute()
    expect(stored).toEqual([{ public_id: messageId, content: 'one two three' }])
  })

  it('an error event is numbered too, after the events before it', async () => {
    h.provider.script({ chunks: ['half ', 'a ', 'reply'], cutAfterChunks: 2 })
    const response = await h.post({ signed_context: h.envelope(), message: 'cut me' })
    const events = eventFrames(await response.text())
    expect(events.map((frame) => [frame.seq, frame.data.type])).toEqual([[1, 'context_summary'], [2, 'token'], [3, 'token'], [4, 'error']])
    expect(new Set(events.map((frame) => frame.messageId)).size).toBe(1)
    // The partial reply is stored under the id its events carried.
    const stored = await h.chatbot.db.selectFrom('messages').select(['content', 'status']).where('public_id', '=', events[0]!.messageId).executeTakeFirst()
    expect(stored).toEqual({ content: 'half a ', status: 'incomplete' })
  })

  it('each reply has its own message id and counts from 1 again', async () => {
    const token = h.envelope({ userId: 'two-replies' })
    h.provider.script({ text: 'first' }, { text: 'second' })
    const first = await h.post({ signed_context: token, message: 'one' })
    const conversationId = first.headers.get('x-chatbot-conversation-id')!
    const firstEvents = eventFrames(await first.text())
    const secondEvents = eventFrames(await (await h.post({ signed_context: token, message: 'two', conversation_id: conversationId })).text())
    expect(firstEvents[0]!.messageId).not.toBe(secondEvents[0]!.messageId)
    expect(secondEvents.map((frame) => frame.seq)).toEqual([1, 2, 3])
    expect(secondEvents.at(-1)!.data).toMatchObject({ type: 'done', message_id: secondEvents[0]!.messageId })
  })
})
