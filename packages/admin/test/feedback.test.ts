import { TRPCClientError } from '@trpc/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createConversation, definePlugin, type Conversation } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { feedbackPlugin, rateMessage, type FeedbackRating } from '@chatbot-kit/plugin-feedback'
import { readSse } from '@chatbot-kit/test-utils'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, errorCode, type AdminHarness } from './client.js'

const hour = (n: number) => new Date(Date.parse('2026-11-26T08:00:00.000Z') + n * 3_600_000)

describe.each(DATABASES)('feedback.list over HTTP on $name', ({ skip, create }) => {
  describe.skipIf(skip)('stored feedback', () => {
    let h: AdminHarness
    let drop: () => Promise<void>
    let support: Conversation
    let sales: Conversation
    beforeEach(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({ database: database.url, admin: { token: ADMIN_TOKEN }, channels: { default: {}, support: {}, sales: {} }, plugins: [feedbackPlugin()] })
      support = await createConversation(h.chatbot.db, { channel: 'support', owner: { userId: 'user-1' }, routeName: 'r' })
      sales = await createConversation(h.chatbot.db, { channel: 'sales', owner: { guestId: 'guest-1' }, routeName: 'r' })
    })
    afterEach(async () => {
      await h.close()
      await drop()
    })

    /** A question and its reply, the reply rated at `hour(at)`. */
    const seed = async (conversation: Conversation, at: number, rating: FeedbackRating, comment: string | null = null) => {
      const base = { conversationId: conversation.id, routeName: 'r', contextHash: null, tokenCount: 1 }
      await insertMessage(h.chatbot.db, { ...base, role: 'user', content: `question ${at}` })
      const reply = await insertMessage(h.chatbot.db, { ...base, role: 'assistant', content: `reply ${at}` })
      const ratedBy = { userId: conversation.userId, guestId: conversation.guestId }
      await rateMessage(h.chatbot.db, { messageId: reply.id, conversationId: conversation.id, channel: conversation.channel, rating, comment, ratedBy, now: hour(at) })
      return reply.publicId
    }

    it('lists items in the contract’s shape, filtered and paged', async () => {
      const a = await seed(support, 0, 'down', 'Wrong order.')
      const b = await seed(sales, 1, 'up')
      const c = await seed(support, 2, 'down')
      const d = await seed(sales, 3, 'down', 'Too long.')
      const admin = h.client({ token: ADMIN_TOKEN })

      const page = await admin.feedback.list.query({ limit: 2 })
      expect(page.items[1]).toEqual({
        messageId: c,
        conversationId: support.publicId,
        channel: 'support',
        rating: 'down',
        comment: null,
        createdAt: '2026-11-26T10:00:00.000+00:00',
        updatedAt: '2026-11-26T10:00:00.000+00:00',
        reply: 'reply 2',
        question: 'question 2',
      })
      expect(page.items.map((item) => item.messageId)).toEqual([d, c])
      const rest = await admin.feedback.list.query({ limit: 2, cursor: page.nextCursor })
      expect(rest.items.map((item) => [item.messageId, item.comment])).toEqual([[b, null], [a, 'Wrong order.']])
      expect(rest.nextCursor).toBeNull()

      const ids = async (input: Parameters<typeof admin.feedback.list.query>[0]) => (await admin.feedback.list.query(input)).items.map((item) => item.messageId)
      expect(await ids({ rating: 'down' })).toEqual([d, c, a])
      expect(await ids({ channel: 'sales' })).toEqual([d, b])
      expect(await ids({ channel: 'sales', rating: 'down' })).toEqual([d])
      expect(await ids({ channel: 'nowhere' })).toEqual([])
      expect(await ids({ since: '2026-11-26T09:00:00Z', until: '2026-11-26T11:00:00+01:00' })).toEqual([b])
      expect(await ids({ since: '2026-11-27' })).toEqual([])
    })

    it('answers a plain GET with plain JSON, and shows a rating given through the route', async () => {
      const token = h.envelope({ userId: 'user-2', channel: 'support' })
      const sent = await h.post({ signed_context: token, message: 'Is it in stock?' })
      const replyId = (await readSse<{ type: string; message_id: string }>(sent)).at(-1)!.message_id
      const rated = await h.request(`/chatbot/messages/${replyId}/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, rating: 'down', comment: 'No answer.' }) })
      expect(rated.status).toBe(204)

      const input = encodeURIComponent(JSON.stringify({ rating: 'down' }))
      const response = await fetch(`${h.trpcUrl}/feedback.list?input=${input}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        result: { data: { items: [{ messageId: replyId, channel: 'support', rating: 'down', comment: 'No answer.', question: 'Is it in stock?', reply: expect.any(String) }], nextCursor: null } },
      })
    })

    it('conversations.delete takes the conversation’s feedback with it', async () => {
      await seed(support, 0, 'down')
      const kept = await seed(sales, 1, 'up')
      const admin = h.client({ token: ADMIN_TOKEN })
      expect(await admin.conversations.delete.mutate({ id: support.publicId })).toEqual({ deleted: true, id: support.publicId })
      expect((await admin.feedback.list.query()).items.map((item) => item.messageId)).toEqual([kept])
      const rows = await h.chatbot.db.withTables<{ message_feedback: { conversation_id: number } }>().selectFrom('message_feedback').select('conversation_id').execute()
      expect(rows).toEqual([{ conversation_id: sales.id }])
    })
  })
})

describe('feedback.list access and input (sqlite)', () => {
  let h: AdminHarness
  afterEach(() => h.close())

  /** The message of a refused call: BAD_REQUEST naming the field. */
  const badRequest = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(TRPCClientError)
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'BAD_REQUEST' })
    return (error as Error).message
  }

  it('refuses bad input naming the field, and callers without the token', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [feedbackPlugin()] })
    const admin = h.client({ token: ADMIN_TOKEN })
    expect(await badRequest(admin.feedback.list.query({ rating: 'meh' } as never))).toMatch(/^rating /)
    expect(await badRequest(admin.feedback.list.query({ channel: '' }))).toMatch(/^channel /)
    expect(await badRequest(admin.feedback.list.query({ since: 'yesterday' }))).toMatch(/^since /)
    expect(await badRequest(admin.feedback.list.query({ since: '2026-11-25', until: '2026-11-24' }))).toMatch(/^since /)
    expect(await badRequest(admin.feedback.list.query({ limit: 0 }))).toMatch(/^limit /)
    expect(await badRequest(admin.feedback.list.query({ cursor: 'forged' }))).toMatch(/cursor/)
    // A conversations.list cursor is not a feedback one.
    expect(await badRequest(admin.feedback.list.query({ cursor: Buffer.from('c:5').toString('base64url') }))).toMatch(/cursor/)
    expect(await badRequest(admin.feedback.list.query({ conversationId: 'x' } as never))).toMatch(/^conversationId /)
    expect(await errorCode(h.client().feedback.list.query())).toBe('UNAUTHORIZED')
    expect(await errorCode(h.client({ token: 'wrong-token-0123456789' }).feedback.list.query())).toBe('UNAUTHORIZED')
  })

  it('is not there without the feedback plugin, whose procedure it is, nor when a host plugin replaces it', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    expect(await errorCode(h.client({ token: ADMIN_TOKEN }).feedback.list.query())).toBe('NOT_FOUND')
    await h.close()
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [definePlugin({ name: 'feedback' })] })
    expect(await errorCode(h.client({ token: ADMIN_TOKEN }).feedback.list.query())).toBe('NOT_FOUND')
    expect((await h.client({ token: ADMIN_TOKEN }).capabilities.query()).procedures).not.toContain('feedback.list')
  })
})
