import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConversation, type Conversation } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { feedbackPlugin, rateMessage } from '@chatbot-kit/plugin-feedback'
import { events } from '../../kernel/test/harness.js'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, errorCode, type AdminHarness } from './client.js'

// `stats.overview` over HTTP, on every dialect: its numbers against messages and ratings stored
// on known days, through the same functions the kernel and the feedback plugin use.

const at = (iso: string) => new Date(iso)
const today = () => new Date().toISOString().slice(0, 10)
const zeros = (day: string) => ({ day, conversations: 0, messages: 0, userMessages: 0, assistantMessages: 0, feedbackUp: 0, feedbackDown: 0 })

describe.each(DATABASES)('stats.overview over HTTP on $name', ({ skip, create }) => {
  describe.skipIf(skip)('overview', () => {
    let h: AdminHarness
    let admin: ReturnType<AdminHarness['client']>
    let drop: () => Promise<void>
    beforeAll(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({ database: database.url, admin: { token: ADMIN_TOKEN }, channels: { support: {}, sales: {} }, plugins: [feedbackPlugin()] })
      admin = h.client({ token: ADMIN_TOKEN })

      const db = h.chatbot.db
      const start = (channel: string, iso: string) => createConversation(db, { channel, owner: { userId: `u-${channel}` }, routeName: 'r', now: at(iso) })
      /** A question and its reply; returns the reply's internal id. */
      const turn = async (conversation: Conversation, iso: string, input: number, output: number) => {
        await insertMessage(db, { conversationId: conversation.id, role: 'user', content: 'q', routeName: 'r', contextHash: 'h', tokenCount: 1, now: at(iso) })
        const reply = await insertMessage(db, { conversationId: conversation.id, role: 'assistant', content: 'a', routeName: 'r', contextHash: 'h', tokenCount: 1, inputTokens: input, outputTokens: output, now: at(iso) })
        return reply.id
      }
      const support = await start('support', '2026-10-02T09:00:00.000Z')
      const first = await turn(support, '2026-10-02T09:00:00.000Z', 100, 10)
      const second = await turn(support, '2026-10-04T23:59:59.000Z', 200, 20)
      const sales = await start('sales', '2026-10-04T12:00:00.000Z')
      const third = await turn(sales, '2026-10-04T12:00:00.000Z', 40, 4)
      const rate = (messageId: number, conversation: Conversation, rating: 'up' | 'down', iso: string) =>
        rateMessage(db, { messageId, conversationId: conversation.id, channel: conversation.channel, rating, comment: null, ratedBy: { userId: 'u' }, now: at(iso) })
      await rate(first, support, 'up', '2026-10-02T10:00:00.000Z')
      await rate(second, support, 'down', '2026-10-04T23:59:59.500Z')
      await rate(third, sales, 'down', '2026-10-04T13:00:00.000Z')
    })
    afterAll(async () => {
      await h?.close()
      await drop?.()
    })

    it('has every day of the range, zeros where nothing happened, every channel summed', async () => {
      const overview = await admin.stats.overview.query({ from: '2026-10-01', to: '2026-10-05' })
      expect(overview).toEqual({
        from: '2026-10-01',
        to: '2026-10-05',
        channel: null,
        days: [
          zeros('2026-10-01'),
          { day: '2026-10-02', conversations: 1, messages: 2, userMessages: 1, assistantMessages: 1, feedbackUp: 1, feedbackDown: 0 },
          zeros('2026-10-03'),
          { day: '2026-10-04', conversations: 1, messages: 4, userMessages: 2, assistantMessages: 2, feedbackUp: 0, feedbackDown: 2 },
          zeros('2026-10-05'),
        ],
        tokens: [
          { day: '2026-10-02', channel: 'support', inputTokens: 100, outputTokens: 10 },
          { day: '2026-10-04', channel: 'sales', inputTokens: 40, outputTokens: 4 },
          { day: '2026-10-04', channel: 'support', inputTokens: 200, outputTokens: 20 },
        ],
        refusals: [],
        ttft: null,
      })
    })

    it('keeps one channel with the channel filter', async () => {
      const overview = await admin.stats.overview.query({ from: '2026-10-03', to: '2026-10-04', channel: 'sales' })
      expect(overview.channel).toBe('sales')
      expect(overview.days).toEqual([zeros('2026-10-03'), { day: '2026-10-04', conversations: 1, messages: 2, userMessages: 1, assistantMessages: 1, feedbackUp: 0, feedbackDown: 1 }])
      expect(overview.tokens).toEqual([{ day: '2026-10-04', channel: 'sales', inputTokens: 40, outputTokens: 4 }])
      expect((await admin.stats.overview.query({ from: '2026-10-01', to: '2026-10-05', channel: 'nowhere' })).days.every((day) => day.messages === 0 && day.feedbackDown === 0)).toBe(true)
    })

    it('counts a real turn and a rating given over HTTP today; defaults to the last 30 days', async () => {
      h.chatbot.fake({ text: 'Hello there', usage: { inputTokens: 12, outputTokens: 3 } })
      const response = await h.post({ signed_context: h.envelope({ userId: 'live', channel: 'support' }), message: 'hi' })
      const done = (await events(response)).at(-1)!
      expect(done.type).toBe('done')
      const rated = await h.request(`/chatbot/messages/${done.message_id as string}/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signed_context: h.envelope({ userId: 'live', channel: 'support' }), rating: 'down' }),
      })
      expect(rated.status).toBe(204)

      const overview = await admin.stats.overview.query()
      expect(overview.to).toBe(today())
      expect(overview.days).toHaveLength(30)
      expect(overview.days.at(-1)).toEqual({ day: today(), conversations: 1, messages: 2, userMessages: 1, assistantMessages: 1, feedbackUp: 0, feedbackDown: 1 })
      expect(overview.tokens).toEqual([{ day: today(), channel: 'support', inputTokens: 12, outputTokens: 3 }])
    })

    it('refuses a bad range with BAD_REQUEST', async () => {
      expect(await errorCode(admin.stats.overview.query({ from: '2026-10-05', to: '2026-10-01' }))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.stats.overview.query({ from: '2025-01-01', to: '2026-01-02' }))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.stats.overview.query({ from: '2026-02-30' }))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.stats.overview.query({ from: '2026-10-01T00:00:00Z' }))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.stats.overview.query({ channel: '' }))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.stats.overview.query({ chanel: 'support' } as never))).toBe('BAD_REQUEST')
      // 366 days, both included, is the longest range.
      expect((await admin.stats.overview.query({ from: '2025-01-01', to: '2026-01-01' })).days).toHaveLength(366)
      expect(await errorCode(h.client({ token: 'wrong-token' }).stats.overview.query())).toBe('UNAUTHORIZED')
    })
  })
})

describe('stats.overview without the feedback plugin', () => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
  })
  afterAll(() => h.close())

  it('has no feedback fields rather than reading a table that does not exist', async () => {
    h.chatbot.fake('Hi')
    await events(await h.post({ signed_context: h.envelope(), message: 'hello' }))
    const overview = await h.client({ token: ADMIN_TOKEN }).stats.overview.query({ from: today(), to: today() })
    expect(overview.days).toEqual([{ day: today(), conversations: 1, messages: 2, userMessages: 1, assistantMessages: 1 }])
  })
})
