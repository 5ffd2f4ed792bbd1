import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { countTokens, loadTokenizer, promptLines, type Chatbot } from '@chatbot-kit/kernel'
import { silentLogger, describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { knowledgePlugin } from '../src/index.js'
import { withKnowledge } from '../src/storage/tables.js'
import { chunkLineCounts, chunkPromptLines, offeredLineTokens, type ChunkLineCounts } from '../src/turn/chunk-lines.js'
import { writeCorpusFolder } from './fixtures/folder.js'
import { startKnowledge } from './setup.js'

// The chunks' prompt line token counts, stored at sync and handed to the kernel's line cache:
// exact (each count is the tokenizer's for its line), and the lines the section really holds.

const CORPUS = fileURLToPath(new URL('./fixtures/retrieval-corpus', import.meta.url))
const chunksOf = (chatbot: Chatbot) => withKnowledge(chatbot.db).selectFrom('knowledge_chunks').select(['id', 'title', 'heading', 'url', 'text', 'line_tokens']).orderBy('id').execute()
const countsOf = (chunk: { line_tokens: string | null }) => JSON.parse(chunk.line_tokens!) as ChunkLineCounts

describeEachDatabase('knowledge line token counts', { label: 'the retrieval corpus' }, (target) => {
  let created: CreatedDatabase
  let chatbot: Chatbot

  beforeAll(async () => {
    await loadTokenizer()
    created = await target.create()
    chatbot = await startKnowledge(created, { corpus: { type: 'files', path: CORPUS, include: ['**/*.md'], exclude: ['SOURCES.md'] } })
    await chatbot.syncKnowledge()
  })
  afterAll(async () => {
    await chatbot.close()
    await created.drop()
  })

  it('stores, for every chunk, the exact count of each line it puts in the prompt', async () => {
    const chunks = await chunksOf(chatbot)
    expect(chunks.length).toBeGreaterThan(100)
    for (const chunk of chunks) {
      const stored = countsOf(chunk)
      expect(stored).toEqual(chunkLineCounts(chunk))
      // Offered first, fifth or twelfth: the header's number is counted at the turn.
      for (const number of [1, 5, 12]) for (const [line, tokens] of chunkPromptLines(chunk, stored, number)) expect(tokens, JSON.stringify(line)).toBe(countTokens(line))
    }
  })

  it('counts a header as its number plus the rest, whatever the title starts or ends with', () => {
    const labels = ['2024 roadmap', '(draft) notes', "'s quoted", '—dash', 'über uns', '日本語のページ', '  spaced', '/path/to', '', 'a\tb', '[x] box', '🚀 launch', 'ends with ]', '123456 digits', '\u00a0non-breaking']
    for (const title of labels) {
      for (const heading of [null, 'Returns', ' 42']) {
        const chunk = { title, heading, url: 'https://shop.example/help/returns#refunds', text: 'Line one.\nLine two.' }
        for (const number of [1, 9, 10, 100, 1000]) for (const [line, tokens] of chunkPromptLines(chunk, chunkLineCounts(chunk), number)) expect(tokens, JSON.stringify(line)).toBe(countTokens(line))
      }
    }
  })

  it('counts a chunk indexed before the counts were stored once, when it is offered, and stores it', async () => {
    const [first, second] = await chunksOf(chatbot)
    await withKnowledge(chatbot.db).updateTable('knowledge_chunks').set({ line_tokens: null }).where('id', '=', first!.id).execute()
    // 1.2's first syncs stored the text's counts alone, as a list: counted again too.
    const oldForm = JSON.stringify(countsOf(second!).text)
    await withKnowledge(chatbot.db).updateTable('knowledge_chunks').set({ line_tokens: oldForm }).where('id', '=', second!.id).execute()
    const lines = [first!, second!].map(({ id, title, heading, url, text }, at) => ({ id: Number(id), title, heading, url, text, lineTokens: at === 0 ? null : oldForm }))
    const counted = await offeredLineTokens(chatbot.db, lines)
    expect(counted.map((chunk) => chunk.counts)).toEqual([chunkLineCounts(first!), chunkLineCounts(second!)])
    const [again, other] = await chunksOf(chatbot)
    expect([again!.line_tokens, other!.line_tokens]).toEqual([first!.line_tokens, second!.line_tokens])
  })
})

describe('knowledge line token counts in a turn', () => {
  let folder: ReturnType<typeof writeCorpusFolder>
  let h: Harness

  beforeEach(async () => {
    folder = writeCorpusFolder()
    const knowledge = { sources: { help: { type: 'files' as const, path: folder.path, baseUrl: 'https://shop.example/help/' } } }
    h = await createHarness('in-process', { knowledge, plugins: [knowledgePlugin()] }, { logger: silentLogger() })
    await h.chatbot.syncKnowledge()
  })
  afterEach(async () => {
    await h.close()
    folder.remove()
  })

  it('hands the kernel lines the system prompt holds, each offered chunk whole', async () => {
    // Old rows: the first turn counts them (and stores the counts); the second reads them.
    await withKnowledge(h.chatbot.db).updateTable('knowledge_chunks').set({ line_tokens: null }).execute()
    for (const round of [1, 2]) {
      const response = await h.post({ signed_context: h.envelope({}), message: 'What is your return policy?' })
      expect((await events(response)).at(-1)!.type).toBe('done')
      const prompt = new Set(promptLines(String(h.provider.requests.at(-1)!.body.messages[0]!.content)))
      const stored = (await chunksOf(h.chatbot)).filter((chunk) => chunk.line_tokens !== null)
      // A chunk's number is the one its header line has in the prompt.
      const numbered = stored.flatMap((chunk) => [1, 2, 3, 4, 5, 6, 7, 8].filter((number) => prompt.has(chunkPromptLines(chunk, countsOf(chunk), number)[0]![0])).map((number) => ({ chunk, number })))
      const offered = stored.filter((chunk) => chunkPromptLines(chunk, countsOf(chunk), 1).slice(1).some(([line]) => prompt.has(line)))
      expect(offered.length, `round ${round}`).toBeGreaterThan(1)
      // Only the offered chunks were counted (lazily), and each of their lines is one of the prompt's
      // (all but the variant of the last line the section does not use: "\n\n" or "\n").
      expect(stored).toHaveLength(offered.length)
      expect(numbered.map(({ chunk }) => chunk.id).sort()).toEqual(offered.map((chunk) => chunk.id).sort())
      for (const { chunk, number } of numbered) {
        const pairs = chunkPromptLines(chunk, countsOf(chunk), number)
        // The header and URL lines too: a chunk of a source with a base URL has one.
        expect(chunk.url).not.toBeNull()
        expect(pairs.filter(([line]) => prompt.has(line))).toHaveLength(pairs.length - 1)
        for (const [line, tokens] of pairs) expect(tokens).toBe(countTokens(line))
      }
    }
  })
})
