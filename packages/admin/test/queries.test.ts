import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createConversation, migrate, type ChatbotDatabase, type Conversation } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { DATABASES, openDatabase } from '../../kernel/test/databases.js'
import { dailyTokenUsage, listConversations, type ConversationSummary } from '../src/index.js'

// The admin queries, on each dialect (the storage contract's style).

describe.each(DATABASES.map((target) => [target.name, target] as const))('admin queries on %s', (_name, target) => {
  describe.skipIf(target.skip)(target.skip || 'contract', () => {
    let database: ChatbotDatabase
    let dispose: () => Promise<void>
    beforeEach(async () => {
      ;({ database, dispose } = await openDatabase(target))
      await migrate(database.db)
    })
    afterEach(() => dispose())

    const start = (at: string, owner: { userId: string } | { guestId: string } = { userId: 'u1' }, channel = 'default') =>
      createConversation(database.db, { channel, owner, routeName: 'r', now: new Date(at) })
    const say = (conversation: Conversation, content: string, at: string, usage: { input?: number; output?: number } = {}) =>
      insertMessage(database.db, {
        conversationId: conversation.id,
        role: usage.output === undefined ? 'user' : 'assistant',
        content,
        routeName: 'r',
        contextHash: null,
        tokenCount: 1,
        inputTokens: usage.input ?? null,
        outputTokens: usage.output ?? null,
        now: new Date(at),
      })

    it('lists newest first with message counts and the contract shape', async () => {
      const a = await start('2026-11-01T10:00:00Z')
      const b = await start('2026-11-02T10:00:00Z', { guestId: 'g1' }, 'support')
      await say(a, 'hello', '2026-11-01T10:00:01Z')
      await say(a, 'reply', '2026-11-01T10:00:02Z', { input: 5, output: 7 })
      const page = await listConversations(database.db)
      expect(page.nextCursor).toBeNull()
      expect(page.items).toEqual<ConversationSummary[]>([
        { id: b.publicId, channel: 'support', userId: null, guestId: 'g1', startedAt: '2026-11-02T10:00:00.000+00:00', lastActivityAt: '2026-11-02T10:00:00.000+00:00', messageCount: 0 },
        { id: a.publicId, channel: 'default', userId: 'u1', guestId: null, startedAt: '2026-11-01T10:00:00.000+00:00', lastActivityAt: '2026-11-01T10:00:00.000+00:00', messageCount: 2 },
      ])
    })

    it('filters by channel, identity, time window and message text (case-insensitive, wildcards literal)', async () => {
      const a = await start('2026-11-01T10:00:00Z', { userId: 'u1' }, 'default')
      const b = await start('2026-11-05T10:00:00Z', { userId: 'u2' }, 'support')
      const c = await start('2026-11-09T10:00:00Z', { guestId: 'g1' }, 'support')
      await say(a, 'Where is my ORDER?', '2026-11-01T10:00:01Z')
      await say(b, '100% done_now', '2026-11-05T10:00:01Z')
      await say(c, '100 percent', '2026-11-09T10:00:01Z')
      const ids = async (filters: Parameters<typeof listConversations>[1]) => (await listConversations(database.db, filters)).items.map((item) => item.id)
      expect(await ids({ channel: 'support' })).toEqual([c.publicId, b.publicId])
      expect(await ids({ userId: 'u2' })).toEqual([b.publicId])
      expect(await ids({ guestId: 'g1' })).toEqual([c.publicId])
      expect(await ids({ since: new Date('2026-11-05T00:00:00Z') })).toEqual([c.publicId, b.publicId])
      expect(await ids({ until: new Date('2026-11-05T10:00:00Z') })).toEqual([a.publicId])
      expect(await ids({ search: 'order' })).toEqual([a.publicId])
      expect(await ids({ search: '100%' })).toEqual([b.publicId])
      expect(await ids({ search: 'e_n' })).toEqual([b.publicId])
      expect(await ids({ search: 'nowhere' })).toEqual([])
    })

    it('pages with a cursor without duplicates or gaps while rows are added', async () => {
      const created: string[] = []
      for (let i = 0; i < 5; i++) created.push((await start(`2026-11-01T10:00:0${i}Z`)).publicId)
      const first = await listConversations(database.db, { limit: 2 })
      expect(first.items.map((item) => item.id)).toEqual([created[4], created[3]])
      await start('2026-11-01T11:00:00Z')
      const second = await listConversations(database.db, { limit: 2, cursor: first.nextCursor })
      expect(second.items.map((item) => item.id)).toEqual([created[2], created[1]])
      const third = await listConversations(database.db, { limit: 2, cursor: second.nextCursor })
      expect(third.items.map((item) => item.id)).toEqual([created[0]])
      expect(third.nextCursor).toBeNull()
      await expect(listConversations(database.db, { cursor: 'garbage' })).rejects.toThrow(RangeError)
      await expect(listConversations(database.db, { limit: 201 })).rejects.toThrow(RangeError)
    })

    it('sums tokens per identity per UTC day', async () => {
      const a = await start('2026-11-01T10:00:00Z', { userId: 'u1' })
      const b = await start('2026-11-01T10:00:00Z', { guestId: 'g1' }, 'support')
      await say(a, 'q', '2026-11-01T23:59:59Z')
      await say(a, 'r', '2026-11-01T23:59:59.500Z', { input: 10, output: 20 })
      await say(a, 'r', '2026-11-02T00:00:00Z', { input: 1, output: 2 })
      await say(b, 'r', '2026-11-01T12:00:00Z', { input: 3, output: 4 })
      expect(await dailyTokenUsage(database.db)).toEqual([
        { day: '2026-11-02', userId: 'u1', guestId: null, inputTokens: 1, outputTokens: 2, messages: 1 },
        { day: '2026-11-01', userId: 'u1', guestId: null, inputTokens: 10, outputTokens: 20, messages: 2 },
        { day: '2026-11-01', userId: null, guestId: 'g1', inputTokens: 3, outputTokens: 4, messages: 1 },
      ])
      expect(await dailyTokenUsage(database.db, { from: '2026-11-01', to: '2026-11-01', userId: 'u1' })).toEqual([
        { day: '2026-11-01', userId: 'u1', guestId: null, inputTokens: 10, outputTokens: 20, messages: 2 },
      ])
      expect(await dailyTokenUsage(database.db, { channel: 'support' })).toHaveLength(1)
    })
  })
})
