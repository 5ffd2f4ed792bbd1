import { fileURLToPath } from 'node:url'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHooks } from 'hookable'
import type { KyselyPlugin, RawNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'
import { databaseTargets, silentLogger, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { createIndexStatistics, type IndexStatistics } from '../src/retrieval/index-statistics.js'
import { STOP_STEMS, startIndexWarmUp } from '../src/retrieval/index-warm-up.js'
import { retrieve, type VectorSearch } from '../src/retrieval/retrieve.js'
import { wordsOf } from '../src/retrieval/query-terms.js'
import { ftsStem } from '../src/retrieval/term-matches.js'
import { withKnowledge, type ChatbotDb } from '../src/storage/tables.js'
import { CORPUS_QUESTIONS } from './fixtures/corpus-questions.js'
import { startKnowledge } from './setup.js'

// The full-text index warmed in idle time (index-warm-up.ts): afterwards a fresh question reads
// no document frequency and no postings from FTS5, and gets exactly what the cold path gives.

const CORPUS = fileURLToPath(new URL('./fixtures/retrieval-corpus', import.meta.url))
const LIMITS = { topK: 20, maxBytes: 1_000_000, minScore: 0 }

/** `db` with each raw statement's text (its parameters as `?`) pushed to `statements`. */
function counted(db: ChatbotDb, statements: string[]): ChatbotDb {
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'RawNode') statements.push((node as unknown as RawNode).sqlFragments.join('?'))
      return node
    },
    transformResult: async ({ result }) => result,
  }
  return db.withPlugin(counter) as ChatbotDb
}

/** The warm-up over `statistics` (and `vectors`), started at once; `done()` resolves once every stem is kept. */
async function warmed(db: ChatbotDb, statistics: IndexStatistics, logger: unknown = silentLogger(), vectors?: Pick<VectorSearch, 'warm'>) {
  const hooks = createHooks<{ ready: () => void; close: () => void }>()
  const warmUp = startIndexWarmUp({ storage: { db }, hooks, logger } as never, statistics, vectors, 0)
  await hooks.callHook('ready')
  const done = async (): Promise<void> => {
    const { rows } = await sql<{ term: string; doc: number }>`select term, doc from temp.knowledge_chunks_fts_rows`.execute(db).catch(() => ({ rows: [] }))
    const kept = rows.length > 0 && rows.every((row) => STOP_STEMS.has(row.term) || statistics.hasPostings(row.term))
    // Once kept, the last stem's read may still be under way: the next slice comes after it.
    await new Promise((resolve) => setTimeout(resolve, kept ? 20 : 10))
    if (!kept) return done()
  }
  return { warmUp, done }
}

const answers = (db: ChatbotDb, statistics: IndexStatistics, questions: string[]) =>
  Promise.all(questions.map(async (question) => (await retrieve(db, question, ['corpus'], LIMITS, { statistics, vectors: undefined })).results))

describe('the full-text index warm-up (sqlite, the retrieval corpus)', () => {
  let created: CreatedDatabase
  let chatbot: Chatbot
  let folder: string
  const questions = CORPUS_QUESTIONS.map((question) => question.question)

  beforeAll(async () => {
    created = await databaseTargets().find((target) => target.name === 'sqlite')!.create()
    folder = mkdtempSync(join(tmpdir(), 'knowledge-warm-'))
    cpSync(CORPUS, folder, { recursive: true })
    chatbot = await startKnowledge(created, { corpus: { type: 'files', path: folder, include: ['**/*.md'], exclude: ['SOURCES.md'] } })
    await chatbot.syncKnowledge()
  })
  afterAll(async () => {
    await chatbot.close()
    await created.drop()
    rmSync(folder, { recursive: true, force: true })
  })

  it('leaves a fresh question no count or postings query, ranked in process, with the cold path’s results', async () => {
    const cold = await answers(chatbot.db, createIndexStatistics(chatbot.db), questions)
    const statements: string[] = []
    const db = counted(chatbot.db, statements)
    const statistics = createIndexStatistics(db)
    await (await warmed(db, statistics)).done()
    statements.length = 0
    const warm = await answers(db, statistics, questions)
    expect(warm).toEqual(cold)
    expect(cold.flat().length).toBeGreaterThan(questions.length)
    expect(statements.filter((text) => /count\(\*\) as n from \? where \? match/.test(text))).toEqual([])
    expect(statements.filter((text) => text.includes('where term ='))).toEqual([])
    expect(statements.filter((text) => text.includes('order by bm25(')).length).toBeLessThan(questions.length / 10)
    // Which candidates hold which terms came from the postings: only the offered chunks were read, not all 50 candidates.
    const candidateReads = statements.filter((text) => text.includes('c.text, c.line_tokens'))
    expect(candidateReads.length).toBeLessThan(questions.length / 10)
    // Stop words, which no question asks for, were not read, though the corpus is full of them.
    const stops = ['the', 'and', 'is', 'you'].map(ftsStem)
    expect(stops.map((stem) => statistics.stemFrequency(stem)).every((frequency) => frequency! > 100)).toBe(true)
    expect(stops.filter((stem) => statistics.hasPostings(stem))).toEqual([])
  })

  it('loads the vectors first, under the version it warms, when embeddings are on', async () => {
    const versions: string[] = []
    const statistics = createIndexStatistics(chatbot.db)
    await (await warmed(chatbot.db, statistics, silentLogger(), { warm: async (version) => void versions.push(version) })).done()
    // The first refresh moves the version from none, which starts the pass again: a second call is a no-op for the index.
    expect(versions.length).toBeGreaterThan(0)
    expect(new Set(versions)).toEqual(new Set([statistics.version()]))
  })

  it('warms the full text still when loading the vectors fails, and says so', async () => {
    const warn = vi.fn()
    const statistics = createIndexStatistics(chatbot.db)
    await (await warmed(chatbot.db, statistics, silentLogger({ warn }), { warm: () => Promise.reject(new Error('out of memory')) })).done()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('loading the vectors ahead failed'), expect.objectContaining({ message: 'out of memory' }))
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('warming the full-text index failed'), expect.anything())
  })

  it('takes from the vocabulary what FTS5 counts for every ASCII word of the corpus', async () => {
    const statistics = createIndexStatistics(chatbot.db)
    await (await warmed(chatbot.db, statistics)).done()
    const chunks = await withKnowledge(chatbot.db).selectFrom('knowledge_chunks').select(['title', 'heading', 'text']).execute()
    const words = [...new Set(chunks.flatMap((chunk) => wordsOf(`${chunk.title} ${chunk.heading ?? ''} ${chunk.text}`)))].filter((word) => /^[a-z0-9]{1,64}$/.test(word))
    expect(words.length).toBeGreaterThan(3000)
    const fts = sql.table('knowledge_chunks_fts')
    const disagreeing: string[] = []
    for (const word of words) {
      const counted = Number((await sql<{ n: number }>`select count(*) as n from ${fts} where ${fts} match ${`"${word}"`}`.execute(chatbot.db)).rows[0]!.n)
      if (statistics.stemFrequency(ftsStem(word)) !== counted) disagreeing.push(word)
    }
    expect(disagreeing).toEqual([])
  })

  it('keeps no count or postings read for a word no chunk holds, once warm', async () => {
    const statements: string[] = []
    const db = counted(chatbot.db, statements)
    const statistics = createIndexStatistics(db)
    await (await warmed(db, statistics)).done()
    statements.length = 0
    expect((await retrieve(db, 'zyxwvut qqqqq', ['corpus'], LIMITS, { statistics, vectors: undefined })).results).toEqual([])
    expect(statements.filter((text) => text.includes('match') || text.includes('where term ='))).toEqual([])
  })

  it('drops a pass when a sync moves the index, then warms the new one: results as cold', async () => {
    const statistics = createIndexStatistics(chatbot.db)
    const { warmUp, done } = await warmed(chatbot.db, statistics)
    const sync = warmUp.aroundSync(chatbot.syncKnowledge)
    // A few slices in, a new page with a word of its own arrives and is synced.
    for (let slice = 0; slice < 3; slice++) await new Promise((resolve) => setImmediate(resolve))
    writeFileSync(join(folder, 'warm-up-page.md'), '# Quokkas\n\nThe quokka schedule lists every quokka feeding time and the webhook retries.\n')
    await sync()
    await done()
    expect(statistics.stemFrequency('quokka')).toBe(1)
    const asked = [...questions.slice(0, 20), 'quokka feeding schedule']
    const warm = await answers(chatbot.db, statistics, asked)
    expect(warm).toEqual(await answers(chatbot.db, createIndexStatistics(chatbot.db), asked))
    expect(warm.at(-1)![0]!.document).toBe('warm-up-page.md')
  })

  it('logs a failing warm-up, and turns still answer through the lazy path', async () => {
    const warn = vi.fn()
    const statistics = createIndexStatistics(chatbot.db)
    await warmed(chatbot.db, { ...statistics, lengths: () => Promise.reject(new Error('disk gone')) }, silentLogger({ warn }))
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('warming the full-text index failed'), expect.objectContaining({ message: 'disk gone' })))
    expect(await answers(chatbot.db, statistics, questions.slice(0, 5))).toEqual(await answers(chatbot.db, createIndexStatistics(chatbot.db), questions.slice(0, 5)))
  })
})

describe.each(databaseTargets().filter((target) => target.name === 'postgres'))('the index warm-up ($name)', (target) => {
  /** The retrieval corpus synced into a fresh Postgres schema; `test` gets its db, counting raw statements into `statements`. */
  async function onCorpus(test: (db: ChatbotDb, statements: string[]) => Promise<void>) {
    const created = await target.create()
    const chatbot = await startKnowledge(created, { corpus: { type: 'files', path: CORPUS, include: ['**/*.md'], exclude: ['SOURCES.md'] } })
    try {
      const statements: string[] = []
      await test(counted(chatbot.db, statements), statements)
    } finally {
      await chatbot.close()
      await created.drop()
    }
  }

  it.skipIf(target.skip)('does nothing without embeddings: Postgres has no FTS5 index to warm', () =>
    onCorpus(async (db, statements) => {
      await warmed(db, createIndexStatistics(db))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(statements).toEqual([])
    }))

  it.skipIf(target.skip)('loads the vectors ahead with embeddings on, and reads nothing of the full text', () =>
    onCorpus(async (db, statements) => {
      const statistics = createIndexStatistics(db)
      const versions: string[] = []
      await warmed(db, statistics, silentLogger(), { warm: async (version) => void versions.push(version) })
      await vi.waitFor(() => expect(versions.length).toBeGreaterThan(0))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(new Set(versions)).toEqual(new Set([statistics.version()]))
      // The index's version alone: no vocabulary, lengths or postings query.
      expect(new Set(statements)).toEqual(new Set(['select max(last_sync_at) as synced from ?']))
    }))
})
