import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { countTokens, loadTokenizer, promptLines, type Chatbot } from '@chatbot-kit/kernel'
import { silentLogger, describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { knowledgePlugin } from '../src/index.js'
import { withKnowledge } from '../src/storage/tables.js'
import { chunkLineTokens, chunkPromptLines, offeredLineTokens } from '../src/turn/chunk-lines.js'
import { writeCorpusFolder } from './fixtures/folder.js'
import { startKnowledge } from './setup.js'

// The chunks' prompt line token counts, stored at sync and handed to the kernel's line cache:
// exact (each count is the tokenizer's for its line), and the lines the section really holds.

const CORPUS = fileURLToPath(new URL('./fixtures/retrieval-corpus', import.meta.url))
const chunksOf = (chatbot: Chatbot) => withKnowledge(chatbot.db).selectFrom('knowledge_chunks').select(['id', 'text', 'line_tokens']).orderBy('id').execute()

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
      const stored = JSON.parse(chunk.line_tokens!) as number[]
      expect(stored).toEqual(chunkLineTokens(chunk.text))
      for (const [line, tokens] of chunkPromptLines(chunk.text, stored)) expect(tokens, JSON.stringify(line)).toBe(countTokens(line))
    }
  })

  it('counts a chunk indexed before the counts were stored once, when it is offered, and stores it', async () => {
    const [first, second] = await chunksOf(chatbot)
    await withKnowledge(chatbot.db).updateTable('knowledge_chunks').set({ line_tokens: null }).where('id', 'in', [first!.id, second!.id]).execute()
    const lines = [first!, second!].map((chunk) => ({ id: Number(chunk.id), text: chunk.text, lineTokens: null }))
    const counted = await offeredLineTokens(chatbot.db, lines)
    expect(counted.map((chunk) => chunk.lineTokens)).toEqual([chunkLineTokens(first!.text), chunkLineTokens(second!.text)])
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
      const offered = stored.filter((chunk) => chunkPromptLines(chunk.text, JSON.parse(chunk.line_tokens!) as number[]).some(([line]) => prompt.has(line)))
      expect(offered.length, `round ${round}`).toBeGreaterThan(1)
      // Only the offered chunks were counted (lazily), and each of their lines is one of the prompt's
      // (all but the variant of the last line the section does not use: "\n\n" or "\n").
      expect(stored).toHaveLength(offered.length)
      for (const chunk of offered) {
        const pairs = chunkPromptLines(chunk.text, JSON.parse(chunk.line_tokens!) as number[])
        expect(pairs.filter(([line]) => prompt.has(line))).toHaveLength(pairs.length - 1)
        for (const [line, tokens] of pairs) expect(tokens).toBe(countTokens(line))
      }
    }
  })
})
