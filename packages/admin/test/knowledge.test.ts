import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { knowledgePlugin } from '@chatbot-kit/plugin-knowledge'
import { readSse } from '@chatbot-kit/test-utils'
import { writeCorpusFolder } from '../../../plugins/knowledge/test/fixtures/folder.js'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, errorCode, type AdminHarness } from './client.js'

// The knowledge plugin's procedures through the admin route, on each database.

const at = (minute: number) => new Date(Date.parse('2026-11-28T08:00:00.000Z') + minute * 60_000).toISOString()

describe.each(DATABASES)('knowledge.* over HTTP on $name', ({ skip, create }) => {
  describe.skipIf(skip)('a files source', () => {
    let h: AdminHarness
    let drop: () => Promise<void>
    let folder: ReturnType<typeof writeCorpusFolder>
    beforeEach(async () => {
      const database = await create()
      drop = database.drop
      folder = writeCorpusFolder()
      h = await createAdminHarness({
        database: database.url,
        admin: { token: ADMIN_TOKEN },
        knowledge: { sources: { help: { type: 'files', path: folder.path, baseUrl: 'https://shop.example/help/' } } },
        channels: { default: {}, sales: { knowledge: [] } },
        plugins: [knowledgePlugin()],
      })
    })
    afterEach(async () => {
      await h.close()
      await drop()
      folder.remove()
    })
    const admin = () => h.client({ token: ADMIN_TOKEN })

    it('syncs, then shows the source’s counts and documents, paged by name', async () => {
      expect(await admin().knowledge.sources.query()).toEqual([{ source: 'help', documents: 0, chunks: 0, lastSyncAt: null, failures: [], syncing: false }])
      folder.write('broken.pdf', 'not a pdf')
      const [report] = await admin().knowledge.sync.mutate({ source: 'help' })
      expect(report).toMatchObject({ source: 'help', status: 'synced', added: 10, failures: [{ document: 'broken.pdf', reason: expect.any(String) }] })
      const [status] = await admin().knowledge.sources.query()
      expect(status).toMatchObject({ source: 'help', documents: 10, chunks: report!.chunks, failures: [{ document: 'broken.pdf' }], syncing: false })
      expect(status!.lastSyncAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*\+00:00$/)
      expect((await admin().knowledge.sync.mutate())[0]).toMatchObject({ added: 0, unchanged: 10 })

      const first = await admin().knowledge.documents.query({ source: 'help', limit: 4 })
      expect(first.items.map((item) => item.document)).toEqual(['account/delete.md', 'account/password.md', 'index.md', 'payment.md'])
      expect(first.items[2]).toEqual({ document: 'index.md', url: 'https://shop.example/help/', title: expect.any(String), chunks: expect.any(Number), syncedAt: expect.stringMatching(/^\d{4}-.*\+00:00$/) })
      const names: string[] = first.items.map((item) => item.document)
      let cursor = first.nextCursor
      while (cursor) {
        const page = await admin().knowledge.documents.query({ source: 'help', limit: 4, cursor })
        names.push(...page.items.map((item) => item.document))
        cursor = page.nextCursor
      }
      expect(names).toHaveLength(10)
      expect(names).toEqual([...names].sort())
    })

    it('searches as a turn would, per channel', async () => {
      await admin().knowledge.sync.mutate()
      const found = await admin().knowledge.search.query({ query: 'What is your return policy?' })
      expect(found.gap).toBe(false)
      expect(found.results[0]).toMatchObject({ source: 'help', document: 'returns/index.md', url: 'https://shop.example/help/returns#return-window' })
      expect(found.results.every((chunk) => chunk.score >= found.minScore)).toBe(true)
      expect(found.belowMinScore.every((chunk) => chunk.score < found.minScore)).toBe(true)
      expect(await admin().knowledge.search.query({ query: 'What is your return policy?', channel: 'sales' })).toEqual({ gap: false, minScore: found.minScore, results: [], belowMinScore: [] })
      // A gap still shows what ranked best, under the threshold: how far off the sources are.
      const missed = await admin().knowledge.search.query({ query: 'Is the password of electric bicycles secret?' })
      expect(missed).toMatchObject({ gap: true, results: [] })
      expect(missed.belowMinScore.length).toBeGreaterThan(0)
      expect(missed.belowMinScore.every((chunk) => chunk.score > 0 && chunk.score < missed.minScore)).toBe(true)
    })

    it('counts the gaps per day in stats.overview, per channel too', async () => {
      const gaps = h.chatbot.db.withTables<{ knowledge_gaps: { question: string; normalized: string; channel: string; conversation_id: string | null; created_at: string } }>()
      const seed = (channel: string, createdAt: string) => gaps.insertInto('knowledge_gaps').values({ question: 'q', normalized: 'q', channel, conversation_id: null, created_at: createdAt }).execute()
      await seed('default', '2026-11-26T23:59:59.999Z')
      await seed('default', '2026-11-27T00:00:00.000Z')
      await seed('sales', '2026-11-27T12:00:00.000Z')
      await seed('default', '2026-11-28T23:59:59.999Z')
      await seed('default', '2026-11-29T00:00:00.000Z')
      const days = async (channel?: string) => (await admin().stats.overview.query({ from: '2026-11-27', to: '2026-11-28', ...(channel ? { channel } : {}) })).days.map((day) => [day.day, day.gaps])
      expect(await days()).toEqual([['2026-11-27', 2], ['2026-11-28', 1]])
      expect(await days('sales')).toEqual([['2026-11-27', 1], ['2026-11-28', 0]])
    })

    it('groups the gaps by normalized question, filtered and paged, with turns recorded as they happen', async () => {
      await admin().knowledge.sync.mutate()
      const token = h.envelope({ userId: 'user-2' })
      const sent = await readSse<{ type: string; conversation_id: string }>(await h.post({ signed_context: token, message: 'Do you sell electric bicycles?' }))
      const conversationId = sent.at(-1)!.conversation_id
      const gaps = h.chatbot.db.withTables<{ knowledge_gaps: { question: string; normalized: string; channel: string; conversation_id: string | null; created_at: string } }>()
      const seed = (question: string, normalized: string, channel: string, conversation: string | null, minute: number) =>
        gaps.insertInto('knowledge_gaps').values({ question, normalized, channel, conversation_id: conversation, created_at: at(minute) }).execute()
      await seed('do you sell e-bikes', 'do you sell e bikes', 'default', 'c-1', 0)
      await seed('Do you sell E-Bikes?', 'do you sell e bikes', 'sales', 'c-2', 2)
      await seed('DO YOU SELL E-BIKES', 'do you sell e bikes', 'default', 'c-1', 3)
      await seed('Gift cards?', 'gift cards', 'sales', null, 1)

      const all = await admin().knowledge.gaps.query()
      expect(all).toEqual({
        items: [
          { question: 'Do you sell electric bicycles?', count: 1, lastAskedAt: expect.stringMatching(/\+00:00$/), conversationIds: [conversationId] },
          { question: 'DO YOU SELL E-BIKES', count: 3, lastAskedAt: '2026-11-28T08:03:00.000+00:00', conversationIds: ['c-1', 'c-2'] },
          { question: 'Gift cards?', count: 1, lastAskedAt: '2026-11-28T08:01:00.000+00:00', conversationIds: [] },
        ],
        nextCursor: null,
      })
      const questions = async (input: Parameters<ReturnType<typeof admin>['knowledge']['gaps']['query']>[0]) => (await admin().knowledge.gaps.query(input)).items.map((item) => [item.question, item.count])
      expect(await questions({ channel: 'sales' })).toEqual([['Do you sell E-Bikes?', 1], ['Gift cards?', 1]])
      expect(await questions({ since: '2026-11-28T08:01:00Z', until: '2026-11-28T08:03:00Z' })).toEqual([['Do you sell E-Bikes?', 1], ['Gift cards?', 1]])
      const page = await admin().knowledge.gaps.query({ limit: 2 })
      expect(page.items).toHaveLength(2)
      const rest = await admin().knowledge.gaps.query({ limit: 2, cursor: page.nextCursor })
      expect(rest).toEqual({ items: [all.items[2]], nextCursor: null })
    })

    it('lists a group’s latest 20 conversations, each once, and counts every asking', async () => {
      const gaps = h.chatbot.db.withTables<{ knowledge_gaps: { question: string; normalized: string; channel: string; conversation_id: string | null; created_at: string } }>()
      // 25 conversations asked it, the first of them twice (also the latest asking), one asking outside any.
      const rows = Array.from({ length: 25 }, (_, i) => ({ question: `gift cards? ${i}`, normalized: 'gift cards', channel: 'default', conversation_id: `c-${String(i).padStart(2, '0')}`, created_at: at(i) }))
      rows.push({ question: 'Gift cards again?', normalized: 'gift cards', channel: 'default', conversation_id: 'c-00', created_at: at(30) }, { question: 'x', normalized: 'gift cards', channel: 'default', conversation_id: null as never, created_at: at(26) })
      await gaps.insertInto('knowledge_gaps').values(rows).execute()
      const [group] = (await admin().knowledge.gaps.query()).items
      expect(group).toMatchObject({ question: 'Gift cards again?', count: 27, lastAskedAt: at(30).replace('Z', '+00:00') })
      expect(group!.conversationIds).toEqual(['c-00', ...Array.from({ length: 19 }, (_, i) => `c-${String(24 - i).padStart(2, '0')}`)])
    })

    it('refuses bad input with BAD_REQUEST naming the field', async () => {
      const message = async (call: Promise<unknown>) => {
        expect(await errorCode(call)).toBe('BAD_REQUEST')
        return call.catch((error: Error) => error.message)
      }
      expect(await message(admin().knowledge.sync.mutate({ source: 'nowhere' }))).toBe('source names no knowledge source (configured: help)')
      expect(await message(admin().knowledge.documents.query({ source: 'nowhere' }))).toMatch(/^source names no knowledge source/)
      expect(await message(admin().knowledge.documents.query({} as never))).toBe('source is required')
      expect(await message(admin().knowledge.documents.query({ source: 'help', cursor: 'bm9wZQ' }))).toBe('cursor is not one this API returned')
      expect(await message(admin().knowledge.search.query({ query: '' }))).toBe('query must be a non-empty string')
      expect(await message(admin().knowledge.search.query({ query: 'returns', channel: 'nowhere' }))).toBe('channel is not a configured channel')
      expect(await message(admin().knowledge.gaps.query({ since: 'yesterday' }))).toMatch(/^since must be an ISO 8601/)
      expect(await message(admin().knowledge.gaps.query({ limit: 0 }))).toBe('limit must be a whole number from 1 to 200')
      // A cursor of another list is refused.
      await admin().knowledge.sync.mutate()
      const documents = await admin().knowledge.documents.query({ source: 'help', limit: 1 })
      expect(await message(admin().knowledge.gaps.query({ cursor: documents.nextCursor }))).toBe('cursor is not one this API returned')

      const response = await fetch(`${h.trpcUrl}/knowledge.search?input=${encodeURIComponent(JSON.stringify({ query: 'x', extra: 1 }))}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      expect(response.status).toBe(400)
      const body = JSON.stringify(await response.json())
      expect(body).toContain('extra is not a known field')
      expect(body).not.toContain('    at ')
    })
  })
})
