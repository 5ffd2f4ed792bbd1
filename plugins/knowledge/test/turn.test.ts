import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { definePlugin, type ReplySource } from '@chatbot-kit/kernel'
import { silentLogger } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { knowledgePlugin } from '../src/index.js'
import { writeCorpusFolder } from './fixtures/folder.js'

// The turn through the kernel's hooks: the `knowledge` section, `turn.sources`, gaps, channels,
// and a retrieval that fails without failing the reply.

describe('knowledge in a turn', () => {
  let folder: ReturnType<typeof writeCorpusFolder>
  let h: Harness
  let offered: ReplySource[][]
  let warnings: unknown[][]

  beforeEach(async () => {
    folder = writeCorpusFolder()
    offered = []
    warnings = []
    // What a turn carries to its prompt: read where the kernel will send the `sources` event.
    const recorder = definePlugin({ name: 'sources-recorder', hooks: { 'turn:prompt': (turn) => void offered.push(turn.sources) } })
    h = await createHarness(
      'in-process',
      {
        // A small cap for every other section: the knowledge section has its own.
        context: { sectionSizeCap: 64 },
        knowledge: { sources: { help: { type: 'files', path: folder.path, baseUrl: 'https://shop.example/help/' } } },
        channels: { default: {}, sales: { knowledge: [] }, support: { knowledge: ['help'] } },
        plugins: [knowledgePlugin(), recorder],
      },
      { logger: silentLogger({ warn: (...args: unknown[]) => warnings.push(args) }) },
    )
    await h.chatbot.syncKnowledge()
  })
  afterEach(async () => {
    await h.close()
    folder.remove()
  })

  const ask = async (message: string, channel = 'default') => {
    const response = await h.post({ signed_context: h.envelope({ channel }), message })
    expect(response.status).toBe(200)
    const sent = await events(response)
    expect(sent.at(-1)!.type).toBe('done')
    const summary = sent.find((event) => event.type === 'context_summary') as unknown as { sections: { name: string; source: string; bytes: number; truncated: boolean }[] }
    return { knowledge: summary.sections.find((section) => section.name === 'knowledge'), system: String(h.provider.requests.at(-1)!.body.messages[0]!.content), done: sent.at(-1)! }
  }
  const gaps = () => h.chatbot.db.withTables<{ knowledge_gaps: { question: string; normalized: string; channel: string; conversation_id: string | null } }>().selectFrom('knowledge_gaps').selectAll().execute()

  it('adds the numbered chunks as the knowledge section, uncut by sectionSizeCap, and sets turn.sources', async () => {
    const { knowledge, system } = await ask('What is your return policy?')
    expect(knowledge).toMatchObject({ source: 'server', truncated: false })
    expect(knowledge!.bytes).toBeGreaterThan(64)
    expect(system).toContain('<context name="knowledge" source="server">')
    expect(system).toContain('[1] Returns and refunds — Return window\nURL: https://shop.example/help/returns#return-window\nYou can return any unworn item within 30 days')
    expect(system).toMatch(/cite each excerpt you use with its number in brackets, like \[1\]/)
    expect(system).toContain('say that the documents do not cover it')
    const [sources] = offered
    expect(sources![0]).toMatchObject({ id: 1, title: 'Returns and refunds — Return window', url: 'https://shop.example/help/returns#return-window' })
    expect(sources!.map((source) => source.id)).toEqual(sources!.map((_, index) => index + 1))
    for (const source of sources!) expect(source.score).toBeGreaterThanOrEqual(h.chatbot.config.knowledge.minScore)
    expect(await gaps()).toEqual([])
  })

  it('records a question nothing answers as a gap, with no section and no sources', async () => {
    const { knowledge, done } = await ask('Do you sell electric bicycles?!')
    expect(knowledge).toBeUndefined()
    expect(offered).toEqual([[]])
    expect(await gaps()).toEqual([{ id: expect.any(Number), question: 'Do you sell electric bicycles?!', normalized: 'do you sell electric bicycles', channel: 'default', conversation_id: done.conversation_id, created_at: expect.any(String) }])
  })

  it('searches only the sources a channel names: none for [], and the fluent scope replaces the list', async () => {
    expect((await ask('What is your return policy?', 'sales')).knowledge).toBeUndefined()
    expect((await ask('Do you sell electric bicycles?', 'sales')).knowledge).toBeUndefined()
    expect(await gaps()).toEqual([])
    expect((await ask('What is your return policy?', 'support')).knowledge).toBeDefined()
    h.chatbot.channel('sales').knowledge(['help'])
    expect((await ask('What is your return policy?', 'sales')).knowledge).toBeDefined()
  })

  it('answers without sources, and logs why, when retrieval fails', async () => {
    await h.chatbot.db.schema.dropTable('knowledge_chunks_fts').execute()
    const { knowledge } = await ask('What is your return policy?')
    expect(knowledge).toBeUndefined()
    expect(offered).toEqual([[]])
    expect(String(warnings.at(-1)?.[0])).toContain('Knowledge retrieval failed; the reply goes on without sources')
  })
})
