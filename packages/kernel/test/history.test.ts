import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definePlugin, type HistoryContext, type HistoryMessage } from '@chatbot-kit/kernel'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/

/** Lists a made-up reply in progress for the user `has-a-live-reply`, as the replies plugin does for a real one. */
function listLiveReply(calls: { conversationId: string; channel: string; stored: number }[]) {
  return definePlugin({
    name: 'list-live-reply',
    hooks: {
      'conversation:history': async (context: HistoryContext) => {
        calls.push({ conversationId: context.conversation.publicId, channel: context.envelope.channel, stored: context.messages.length })
        if (context.envelope.uid !== 'has-a-live-reply') return
        await Promise.resolve()
        const live: HistoryMessage = { id: 'live-reply', role: 'assistant', content: 'so far', status: 'streaming', route_name: 'test.page', context_hash: null, created_at: '2026-01-01T00:00:00.000+00:00' }
        context.messages.push(live)
      },
    },
  })
}

describe.each(TRANSPORTS)('history elements (%s)', (transport) => {
  let h: Harness
  const calls: { conversationId: string; channel: string; stored: number }[] = []
  beforeAll(async () => {
    h = await createHarness(transport, { channels: { default: { greeting: 'Hi, how can I help?' } }, plugins: [listLiveReply(calls)], provider: { retries: 0 } })
  })
  afterAll(() => h.close())

  it('each has its id and status: null and complete for the greeting, the stored ids, complete or incomplete', async () => {
    const token = h.envelope({ userId: 'reader' })
    h.provider.script({ text: 'A full answer' }, { chunks: ['cut ', 'short ', 'here'], cutAfterChunks: 2 })
    const first = await h.post({ signed_context: token, message: 'first' })
    const conversationId = first.headers.get('x-chatbot-conversation-id')!
    const firstReply = (await events(first)).at(-1)!
    const secondReply = (await events(await h.post({ signed_context: token, message: 'second', conversation_id: conversationId }))).at(0)!

    const { messages } = (await (await h.history(conversationId, token)).json()) as { messages: HistoryMessage[] }
    const stored = await h.chatbot.db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select(['messages.public_id', 'messages.context_hash'])
      .where('conversations.public_id', '=', conversationId)
      .orderBy('messages.id')
      .execute()
    const [firstId, firstReplyId, secondId, secondReplyId] = stored.map((row) => row.public_id)
    // The replies' ids are the ones their streams announced.
    expect([firstReplyId, secondReplyId]).toEqual([firstReply.message_id, secondReply.message_id])
    const hash = stored[0]!.context_hash
    const at = expect.stringMatching(TIMESTAMP)
    expect(messages).toEqual([
      { id: null, role: 'assistant', content: 'Hi, how can I help?', status: 'complete', route_name: null, context_hash: null, created_at: at, author: { kind: 'bot' }, sources: [], citations: [] },
      { id: firstId, role: 'user', content: 'first', status: 'complete', route_name: 'test.page', context_hash: hash, created_at: at, author: { kind: 'user' } },
      { id: firstReplyId, role: 'assistant', content: 'A full answer', status: 'complete', route_name: 'test.page', context_hash: hash, created_at: at, author: { kind: 'bot' }, sources: [], citations: [] },
      { id: secondId, role: 'user', content: 'second', status: 'complete', route_name: 'test.page', context_hash: hash, created_at: at, author: { kind: 'user' } },
      { id: secondReplyId, role: 'assistant', content: 'cut short ', status: 'incomplete', route_name: 'test.page', context_hash: hash, created_at: at, author: { kind: 'bot' }, sources: [], citations: [] },
    ])
  })

  it('conversation:history listeners get the stored messages before the greeting goes on top, and can add entries', async () => {
    const token = h.envelope({ userId: 'has-a-live-reply' })
    h.provider.script({ text: 'stored answer' })
    const response = await h.post({ signed_context: token, message: 'question' })
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    await events(response)

    const { messages } = (await (await h.history(conversationId, token)).json()) as { messages: HistoryMessage[] }
    expect(messages.map((message) => [message.id === null ? 'greeting' : message.role, message.content, message.status])).toEqual([
      ['greeting', 'Hi, how can I help?', 'complete'],
      ['user', 'question', 'complete'],
      ['assistant', 'stored answer', 'complete'],
      ['assistant', 'so far', 'streaming'],
    ])
    expect(messages.at(-1)!.id).toBe('live-reply')
    expect(calls.at(-1)).toEqual({ conversationId, channel: 'default', stored: 2 })
  })

  it('a refused history request runs no listener', async () => {
    const before = calls.length
    const response = await h.history('00000000-0000-4000-8000-000000000000', h.envelope())
    expect(response.status).toBe(404)
    expect(calls).toHaveLength(before)
  })
})
