import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createConversation } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, type AdminHarness } from './client.js'

describe.each(DATABASES)('conversations.list and get over HTTP on $name', ({ skip, create }) => {
  describe.skipIf(skip)('paging', () => {
    let h: AdminHarness
    let drop: () => Promise<void>
    beforeEach(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({ database: database.url, admin: { token: ADMIN_TOKEN } })
    })
    afterEach(async () => {
      await h.close()
      await drop()
    })

    const seed = async (n: number, channel = 'default') => {
      const ids: string[] = []
      for (let i = 0; i < n; i++) {
        const conversation = await createConversation(h.chatbot.db, { channel, owner: { userId: `u${i % 3}` }, routeName: 'r' })
        await insertMessage(h.chatbot.db, { conversationId: conversation.id, role: 'user', content: `message ${i}`, routeName: 'r', contextHash: null, tokenCount: 1 })
        ids.push(conversation.publicId)
      }
      return ids
    }

    it('walks every row once while rows are added between pages', async () => {
      const before = await seed(7)
      const admin = h.client({ token: ADMIN_TOKEN })
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page: Awaited<ReturnType<typeof admin.conversations.list.query>> = await admin.conversations.list.query({ limit: 3, cursor })
        seen.push(...page.items.map((item) => item.id))
        cursor = page.nextCursor
        pages++
        // New conversations arrive mid-walk: they sort before the cursor, so neither shift nor repeat a page.
        await seed(2)
      } while (cursor)
      expect(pages).toBe(3)
      expect(seen).toEqual([...before].reverse())
      expect(new Set(seen).size).toBe(seen.length)
      const all = await admin.conversations.list.query({ limit: 200 })
      expect(all.items).toHaveLength(13)
      expect(all.items.every((item) => item.messageCount === 1)).toBe(true)
    })

    it('defaults to 50 a page and combines filters with the cursor', async () => {
      const ids = await seed(52)
      const admin = h.client({ token: ADMIN_TOKEN })
      const first = await admin.conversations.list.query()
      expect(first.items).toHaveLength(50)
      expect((await admin.conversations.list.query({ cursor: first.nextCursor })).items.map((item) => item.id)).toEqual([ids[1], ids[0]])
      const u1 = (i: number) => i % 3 === 1
      const page1 = await admin.conversations.list.query({ userId: 'u1', limit: 10 })
      const page2 = await admin.conversations.list.query({ userId: 'u1', limit: 10, cursor: page1.nextCursor })
      expect([...page1.items, ...page2.items].map((item) => item.id)).toEqual(ids.filter((_id, i) => u1(i)).reverse())
      expect(page2.nextCursor).toBeNull()
      const found = await admin.conversations.list.query({ search: 'message 51' })
      expect(found.items.map((item) => item.id)).toEqual([ids[51]])
      const detail = await admin.conversations.get.query({ id: ids[51]! })
      expect(detail.messages.map((message) => message.content)).toEqual(['message 51'])
    })
  })
})
