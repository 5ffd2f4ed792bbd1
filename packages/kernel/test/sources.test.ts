import { afterEach, describe, expect, it } from 'vitest'
import { createConversation, createDatabase, definePlugin, migrate, migrationsOf, type HistoryMessage, type ReplySource, type Turn } from '@chatbot-kit/kernel'
import { insertMessage, listMessages } from '@chatbot-kit/kernel/plugin'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from './harness.js'

// The kernel's side of citations: a plugin offers `turn.sources`, the stream carries them before
// the first token, `done.citations` names the offered ones the reply cited, and history keeps both.

const SOURCES: ReplySource[] = [
  { id: 1, title: 'Returns', url: 'https://shop.test/returns', snippet: 'Thirty days to return an item.', score: 0.82 },
  { id: 2, title: 'Shipping', url: null, snippet: 'We ship within two days.', score: 0.61 },
]

/** Offers `SOURCES` to every turn whose message mentions "docs"; with "tool", also one tool round. */
const offerSources = definePlugin({
  name: 'offer-sources',
  hooks: {
    'turn:context': (turn: Turn) => {
      if (turn.message.includes('docs')) turn.sources = SOURCES
    },
    'turn:prompt': (turn: Turn) => {
      if (turn.message.includes('tool')) turn.request.tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }]
    },
    'turn:tool': (turn: Turn, calls) => {
      for (const call of calls) turn.request.messages.push({ role: 'tool', tool_call_id: call.id, content: 'looked up' })
      turn.request.tools = undefined
    },
  },
})

describe.each(databaseTargets().map((target) => [target.name, target] as const))('sources and citations on %s', (_name, target) => {
  describe.skipIf(target.skip)(target.skip || 'over HTTP', () => {
    let h: Harness | undefined
    let created: CreatedDatabase | undefined
    afterEach(async () => {
      await h?.close()
      await created?.drop()
    })
    const start = async () => {
      created = await target.create()
      h = await createHarness('socket', { database: created.database, plugins: [offerSources] })
      return h
    }

    it('sends the sources before the first token, cites only offered ids in order of first use, and history keeps both after a reload', async () => {
      const h = await start()
      const token = h.envelope()
      h.provider.script({ chunks: ['Ship', 'ping is fast [', '2], see [7] and [2', '] or [1].'] })
      const response = await h.post({ signed_context: token, message: 'what do the docs say?' })
      const conversationId = response.headers.get('x-chatbot-conversation-id')!
      const stream = await events(response)
      expect(stream.map((event) => event.type)).toEqual(['context_summary', 'sources', 'token', 'token', 'token', 'token', 'done'])
      expect(stream[1]).toEqual({ type: 'sources', sources: SOURCES })
      expect(stream.at(-1)).toMatchObject({ type: 'done', citations: [2, 1] })

      // A second reply cites only an id that was not offered.
      h.provider.script({ text: 'Only [7] here.' })
      const second = await events(await h.post({ signed_context: token, message: 'more docs?', conversation_id: conversationId }))
      expect(second.at(-1)).toMatchObject({ type: 'done', citations: [] })

      const { messages } = (await (await h.history(conversationId, token)).json()) as { messages: HistoryMessage[] }
      expect(messages.map((message) => [message.role, message.sources, message.citations])).toEqual([
        ['user', undefined, undefined],
        ['assistant', SOURCES, [2, 1]],
        ['user', undefined, undefined],
        ['assistant', SOURCES, []],
      ])
    })

    it('sends the sources once for a reply with a tool round', async () => {
      const h = await start()
      h.provider.script({ text: 'Let me look.', toolCalls: [{ name: 'lookup', arguments: {} }] }, { text: 'Found it [1].' })
      const stream = await events(await h.post({ signed_context: h.envelope(), message: 'docs with a tool' }))
      expect(h.provider.requests).toHaveLength(2)
      const types = stream.map((event) => event.type)
      expect(types.filter((type) => type === 'sources')).toHaveLength(1)
      expect(types.indexOf('sources')).toBeLessThan(types.indexOf('token'))
      expect(stream.at(-1)).toMatchObject({ type: 'done', citations: [1] })
    })

    it('a turn with no sources has no sources event, citations [] on done and in history', async () => {
      const h = await start()
      const token = h.envelope()
      h.provider.script({ text: 'No sources [1] here.' })
      const response = await h.post({ signed_context: token, message: 'hello' })
      const stream = await events(response)
      expect(stream.map((event) => event.type)).not.toContain('sources')
      expect(stream.at(-1)).toMatchObject({ type: 'done', citations: [] })
      const { messages } = (await (await h.history(response.headers.get('x-chatbot-conversation-id')!, token)).json()) as { messages: HistoryMessage[] }
      expect(messages.at(-1)).toMatchObject({ role: 'assistant', sources: [], citations: [] })
    })

    it('migrates a 1.1 database whose plugins’ migrations ran after the kernel’s: its replies read back with no sources', async () => {
      created = await target.create()
      const database = await createDatabase(created.database)
      try {
        const pluginOf11 = { 'audit/2026-11-27-01-entries': { up: async () => undefined } }
        const kernelOf11 = { '2026-11-22-01-create-chat-tables': migrationsOf({ plugins: [] })['2026-11-22-01-create-chat-tables']! }
        await migrate(database.db, { ...kernelOf11, ...pluginOf11 })
        const conversation = await createConversation(database.db, { channel: 'default', owner: { userId: 'u' }, routeName: 'home' })
        // A 1.1 row, as 1.1 wrote it (today's insertMessage names the new columns).
        const row = { public_id: 'a1b2c3d4-0000-4000-8000-000000000001', conversation_id: conversation.id, role: 'assistant', content: 'old [1]', route_name: 'home', status: 'complete', token_count: 2, created_at: '2026-11-20T00:00:00.000Z' } as const
        await database.db.insertInto('messages').values(row).execute()

        expect(await migrate(database.db, { ...migrationsOf({ plugins: [] }), ...pluginOf11 })).toEqual(['2026-11-29-01-add-message-sources'])
        await insertMessage(database.db, { conversationId: conversation.id, role: 'assistant', content: 'new [2]', routeName: 'home', contextHash: null, tokenCount: 2, sources: SOURCES, citations: [2] })
        expect((await listMessages(database.db, conversation.id)).map((message) => [message.content, message.sources, message.citations])).toEqual([
          ['old [1]', [], []],
          ['new [2]', SOURCES, [2]],
        ])
      } finally {
        await database.close()
      }
    })
  })
})
