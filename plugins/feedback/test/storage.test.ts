import { afterEach, beforeEach, expect, it } from 'vitest'
import { createConversation, createDatabase, migrate, migrationsOf, type ChatbotDatabase, type Conversation } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { conversationsWithDownRating, feedbackByDay, feedbackPlugin, listFeedback, rateMessage, type FeedbackRating } from '../src/index.js'

// The queries the admin API and the console read, on each dialect and table layout.

describeEachDatabase('stored feedback', { layouts: true, label: 'queries' }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  let support: Conversation
  let sales: Conversation
  const at = (iso: string) => new Date(iso)

  /** A question and its reply in `conversation`, the reply rated `rating` at `when` when given. */
  async function exchange(conversation: Conversation, question: string | null, reply: string, rating?: FeedbackRating, when = '2026-11-20T10:00:00.000Z', comment: string | null = null) {
    const base = { conversationId: conversation.id, routeName: 'home', contextHash: null, tokenCount: 1 }
    if (question !== null) await insertMessage(database.db, { ...base, role: 'user', content: question })
    const stored = await insertMessage(database.db, { ...base, role: 'assistant', content: reply })
    if (rating) await rateMessage(database.db, { messageId: stored.id, conversationId: conversation.id, channel: conversation.channel, rating, comment, ratedBy: { userId: conversation.userId }, now: at(when) })
    return stored
  }

  beforeEach(async () => {
    created = await target.create()
    database = await createDatabase(created.database, { tables: feedbackPlugin().tables })
    await migrate(database.db, migrationsOf({ plugins: [feedbackPlugin()] }))
    support = await createConversation(database.db, { channel: 'support', owner: { userId: 'u-1' }, routeName: 'home' })
    sales = await createConversation(database.db, { channel: 'sales', owner: { userId: 'u-2' }, routeName: 'home' })
  })
  afterEach(async () => {
    await database.close()
    await created.drop()
  })

  it('lists items in the contract’s shape, newest first, with the question before each reply', async () => {
    const first = await exchange(support, 'Where is order 1042?', 'It shipped.', 'down', '2026-11-20T10:00:00.000Z', 'It did not.')
    // A continued turn's reply (after an approval) has no user message of its own: the one before counts.
    const second = await exchange(support, null, 'Refunded.', 'up', '2026-11-21T09:30:00.000Z')
    const unanswered = await exchange(sales, null, 'Welcome back.', 'up', '2026-11-22T08:00:00.000Z')
    await rateMessage(database.db, { messageId: first.id, conversationId: support.id, channel: 'support', rating: 'down', comment: 'Still wrong.', ratedBy: { userId: 'u-1' }, now: at('2026-11-23T00:00:00.000Z') })

    expect(await listFeedback(database.db)).toEqual({
      items: [
        { messageId: unanswered.publicId, conversationId: sales.publicId, channel: 'sales', rating: 'up', comment: null, createdAt: '2026-11-22T08:00:00.000+00:00', updatedAt: '2026-11-22T08:00:00.000+00:00', reply: 'Welcome back.', question: null },
        { messageId: second.publicId, conversationId: support.publicId, channel: 'support', rating: 'up', comment: null, createdAt: '2026-11-21T09:30:00.000+00:00', updatedAt: '2026-11-21T09:30:00.000+00:00', reply: 'Refunded.', question: 'Where is order 1042?' },
        { messageId: first.publicId, conversationId: support.publicId, channel: 'support', rating: 'down', comment: 'Still wrong.', createdAt: '2026-11-20T10:00:00.000+00:00', updatedAt: '2026-11-23T00:00:00.000+00:00', reply: 'It shipped.', question: 'Where is order 1042?' },
      ],
      nextCursor: null,
    })
  })

  it('filters by channel, rating and time, and pages with its own cursor, each row once while ratings are added', async () => {
    const ids: string[] = []
    for (let day = 1; day <= 7; day++) ids.push((await exchange(day % 2 ? support : sales, `q${day}`, `r${day}`, day % 3 ? 'up' : 'down', `2026-11-0${day}T12:00:00.000Z`)).publicId)
    const listed = async (options: Parameters<typeof listFeedback>[1]) => (await listFeedback(database.db, options)).items.map((item) => item.messageId)
    expect(await listed({ channel: 'sales' })).toEqual([ids[5], ids[3], ids[1]])
    expect(await listed({ rating: 'down' })).toEqual([ids[5], ids[2]])
    expect(await listed({ since: at('2026-11-03T12:00:00.000Z'), until: at('2026-11-06T12:00:00.000Z') })).toEqual([ids[4], ids[3], ids[2]])
    expect(await listed({ channel: 'support', rating: 'up', since: at('2026-11-02T00:00:00.000Z') })).toEqual([ids[6], ids[4]])

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: Awaited<ReturnType<typeof listFeedback>> = await listFeedback(database.db, { limit: 3, cursor })
      seen.push(...page.items.map((item) => item.messageId))
      cursor = page.nextCursor
      pages++
      await exchange(support, 'later', 'later', 'up', '2026-11-09T00:00:00.000Z')
    } while (cursor)
    expect([pages, seen]).toEqual([3, [...ids].reverse()])
    await expect(listFeedback(database.db, { limit: 0 })).rejects.toThrow(RangeError)
    await expect(listFeedback(database.db, { limit: 201 })).rejects.toThrow(RangeError)
    await expect(listFeedback(database.db, { cursor: 'forged' })).rejects.toThrow(/cursor/)
    // An approvals.list cursor is not a feedback one.
    await expect(listFeedback(database.db, { cursor: Buffer.from('a:5').toString('base64url') })).rejects.toThrow(/cursor/)
  })

  it('counts up and down per UTC day over a range, per channel, on the day of the first rating', async () => {
    await exchange(support, 'q', 'r', 'up', '2026-11-20T00:00:00.000Z')
    await exchange(support, 'q', 'r', 'down', '2026-11-20T23:59:59.999Z')
    await exchange(sales, 'q', 'r', 'down', '2026-11-20T12:00:00.000Z')
    const changed = await exchange(sales, 'q', 'r', 'up', '2026-11-22T12:00:00.000Z')
    await rateMessage(database.db, { messageId: changed.id, conversationId: sales.id, channel: 'sales', rating: 'down', comment: null, ratedBy: { userId: 'u-2' }, now: at('2026-11-25T12:00:00.000Z') })
    await exchange(support, 'q', 'r', 'up', '2026-11-19T23:59:59.999Z')
    await exchange(support, 'q', 'r', 'up', '2026-11-23T00:00:00.000Z')
    await exchange(support, 'q', 'r')

    expect(await feedbackByDay(database.db, { from: '2026-11-20', to: '2026-11-22' })).toEqual([
      { day: '2026-11-20', up: 1, down: 2 },
      { day: '2026-11-22', up: 0, down: 1 },
    ])
    expect(await feedbackByDay(database.db, { from: '2026-11-20', to: '2026-11-22', channel: 'support' })).toEqual([{ day: '2026-11-20', up: 1, down: 1 }])
    expect(await feedbackByDay(database.db, { from: '2026-11-19', to: '2026-11-19' })).toEqual([{ day: '2026-11-19', up: 1, down: 0 }])
    expect(await feedbackByDay(database.db, { from: '2026-11-24', to: '2026-11-30' })).toEqual([])
    await expect(feedbackByDay(database.db, { from: '2026-11-22', to: '2026-11-20' })).rejects.toThrow(/from/)
    await expect(feedbackByDay(database.db, { from: '20 Nov', to: '2026-11-20' })).rejects.toThrow(RangeError)
    await expect(feedbackByDay(database.db, { from: '2026-11-20', to: '2026-13-40' })).rejects.toThrow(RangeError)
  })

  it('gives the conversations with a reply rated down, as a sub-query a conversations filter uses', async () => {
    const unrated = await createConversation(database.db, { channel: 'support', owner: { guestId: 'g-1' }, routeName: 'home' })
    await exchange(support, 'q', 'r', 'up')
    await exchange(support, 'q', 'r', 'down')
    await exchange(sales, 'q', 'r', 'up')
    await exchange(unrated, 'q', 'r')
    const downRated = await database.db
      .selectFrom('conversations as c')
      .select('c.public_id')
      .where((eb) => eb('c.id', 'in', conversationsWithDownRating(database.db)))
      .execute()
    expect(downRated.map((row) => row.public_id)).toEqual([support.publicId])
  })
})
