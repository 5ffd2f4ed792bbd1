import { afterAll, beforeAll, expect, it } from 'vitest'
import { pruneConversations } from '@chatbot-kit/kernel'
import { deleteConversation } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { ask, history, outcome, rate, start, storedFeedback } from './setup.js'

// Contract §9.4 over a real socket, on each dialect and table layout.

describeEachDatabase('rating a reply', { layouts: true, label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    created = await target.create()
    h = await start(created, { channels: { default: {}, support: { greeting: 'Hello from support.' }, archive: {} } })
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it('answers 204, shows the rating in history, and replaces it (comment included) on a new one', async () => {
    const token = h.envelope({ userId: 'rater-1' })
    const { conversationId, replyId } = await ask(h, token)
    const mine = async () => (await storedFeedback(h)).filter((row) => row.user_id === 'rater-1')

    const first = await rate(h, replyId, { signed_context: token, rating: 'down', comment: 'Wrong order number.' })
    expect([first.status, await first.text()]).toEqual([204, ''])
    expect(await mine()).toEqual([expect.objectContaining({ rating: 'down', comment: 'Wrong order number.', guest_id: null, channel: 'default' })])
    const [question, reply] = await history(h, conversationId, token)
    expect(reply).toMatchObject({ id: replyId, role: 'assistant', feedback: 'down' })
    // User elements are as they were.
    expect(question!.role).toBe('user')
    expect(question).not.toHaveProperty('feedback')

    expect((await rate(h, replyId.toUpperCase(), { signed_context: token, rating: 'up' })).status).toBe(204)
    const [row] = await mine()
    expect(await mine()).toHaveLength(1)
    expect(row).toMatchObject({ rating: 'up', comment: null })
    expect(row!.updated_at >= row!.created_at).toBe(true)
    expect((await history(h, conversationId, token)).map((element) => element.feedback)).toEqual([undefined, 'up'])
  })

  it('gives every reply its own rating, null until rated; the greeting has none', async () => {
    const token = h.envelope({ userId: 'rater-2', channel: 'support' })
    const { conversationId, replyId: first } = await ask(h, token, 'One')
    const { replyId: second } = await ask(h, token, 'Two', conversationId)
    expect((await rate(h, second, { signed_context: token, rating: 'up', comment: '   ' })).status).toBe(204)
    const elements = await history(h, conversationId, token)
    expect(elements.map((element) => [element.id, element.role, element.feedback])).toEqual([
      [null, 'assistant', undefined],
      [expect.any(String), 'user', undefined],
      [first, 'assistant', null],
      [expect.any(String), 'user', undefined],
      [second, 'assistant', 'up'],
    ])
    // An empty or whitespace comment is no comment.
    expect((await storedFeedback(h)).filter((row) => row.user_id === 'rater-2')).toEqual([expect.objectContaining({ comment: null, channel: 'support' })])
  })

  it('lets a guest rate the replies of its own conversation', async () => {
    const token = h.envelope({ guestId: 'guest-rater' })
    const { conversationId, replyId } = await ask(h, token)
    expect((await rate(h, replyId, { signed_context: token, rating: 'down' })).status).toBe(204)
    expect((await history(h, conversationId, token)).at(-1)!.feedback).toBe('down')
    expect((await storedFeedback(h)).filter((row) => row.guest_id === 'guest-rater')).toEqual([expect.objectContaining({ user_id: null, rating: 'down' })])
  })

  it('403 for another identity’s or another channel’s conversation and for a user message; nothing stored', async () => {
    const token = h.envelope({ userId: 'owner-3' })
    const { conversationId, replyId } = await ask(h, token)
    const [question] = await history(h, conversationId, token)
    const before = (await storedFeedback(h)).length

    expect(await outcome(await rate(h, replyId, { signed_context: h.envelope({ userId: 'someone-else' }), rating: 'up' }))).toEqual([403, 'forbidden'])
    expect(await outcome(await rate(h, replyId, { signed_context: h.envelope({ guestId: 'owner-3' }), rating: 'up' }))).toEqual([403, 'forbidden'])
    expect(await outcome(await rate(h, replyId, { signed_context: h.envelope({ userId: 'owner-3', channel: 'support' }), rating: 'up' }))).toEqual([403, 'forbidden'])
    const userMessage = await rate(h, question!.id!, { signed_context: token, rating: 'up' })
    expect(userMessage.status).toBe(403)
    expect(await userMessage.json()).toEqual({ error: { code: 'forbidden', message: 'Only a reply can be rated.' } })
    expect((await storedFeedback(h)).length).toBe(before)
    expect((await history(h, conversationId, token)).at(-1)!.feedback).toBeNull()
  })

  it('404 for an unknown or malformed id; 403 for a missing or bad envelope, checked first', async () => {
    const token = h.envelope({ userId: 'rater-4' })
    const unknown = await rate(h, '0b7e4d52-91c3-4f0a-8a6d-2f5c9e1b3a70', { signed_context: token, rating: 'up' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: 'No message has that id.' } })
    expect(await outcome(await rate(h, 'not-a-uuid', { signed_context: token, rating: 'up' }))).toEqual([404, 'not_found'])
    expect(await outcome(await rate(h, '0b7e4d52-91c3-4f0a-8a6d-2f5c9e1b3a70', { rating: 'up' }))).toEqual([403, 'invalid_envelope'])
    expect(await outcome(await rate(h, 'not-a-uuid', { signed_context: 'forged', rating: 'up' }))).toEqual([403, 'invalid_envelope'])
  })

  it('422 naming the field for a bad rating or comment; 2,000 characters pass; the body rules of the messages route', async () => {
    const token = h.envelope({ userId: 'rater-5' })
    const { replyId } = await ask(h, token)
    const refused = async (body: Record<string, unknown>) => {
      const response = await rate(h, replyId, { signed_context: token, ...body })
      expect(response.status).toBe(422)
      return ((await response.json()) as { error: { code: string; fields: Record<string, string> } }).error
    }
    expect(await refused({ rating: 'meh' })).toMatchObject({ code: 'validation_failed', fields: { rating: expect.stringContaining('"up" or "down"') } })
    expect(await refused({})).toMatchObject({ fields: { rating: expect.any(String) } })
    expect(await refused({ rating: 'UP' })).toMatchObject({ fields: { rating: expect.any(String) } })
    expect(await refused({ rating: 'down', comment: 'x'.repeat(2001) })).toMatchObject({ code: 'validation_failed', fields: { comment: expect.stringContaining('2000') } })
    expect(await refused({ rating: 'down', comment: 42 })).toMatchObject({ fields: { comment: expect.any(String) } })
    expect(await refused({ rating: 'down', comment: 'a\u0000b' })).toMatchObject({ fields: { comment: expect.stringContaining('NUL') } })
    expect(await refused({ rating: 'sideways', comment: 'x'.repeat(2001) })).toMatchObject({ fields: { rating: expect.any(String), comment: expect.any(String) } })
    expect(await outcome(await rate(h, replyId, '[1]'))).toEqual([422, 'invalid_json'])
    expect(await outcome(await rate(h, replyId, JSON.stringify({ signed_context: token, rating: 'up' }), { 'content-type': 'text/plain' }))).toEqual([415, 'unsupported_media_type'])
    expect((await storedFeedback(h)).filter((row) => row.user_id === 'rater-5')).toEqual([])

    const longest = 'é'.repeat(2000)
    expect((await rate(h, replyId, { signed_context: token, rating: 'down', comment: longest })).status).toBe(204)
    expect((await storedFeedback(h)).filter((row) => row.user_id === 'rater-5')).toEqual([expect.objectContaining({ comment: longest })])
  })

  it('deleting or pruning a conversation deletes its feedback', async () => {
    const token = h.envelope({ userId: 'rater-6', channel: 'archive' })
    const kept = await ask(h, token)
    const deleted = await ask(h, token)
    for (const { replyId } of [kept, deleted]) expect((await rate(h, replyId, { signed_context: token, rating: 'down' })).status).toBe(204)
    const mine = async () => (await storedFeedback(h)).filter((row) => row.user_id === 'rater-6').length
    expect(await mine()).toBe(2)
    expect(await deleteConversation(h.chatbot.db, deleted.conversationId)).toBe(true)
    expect(await mine()).toBe(1)
    expect(await pruneConversations(h.chatbot.db, { channel: 'archive', inactiveBefore: new Date(Date.now() + 60_000) })).toEqual({ conversations: 1, messages: 2 })
    expect(await mine()).toBe(0)
  })
})
