import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import type { Chatbot } from '@chatbot-kit/kernel'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { withKnowledge } from '../src/storage/tables.js'
import { createBaseline, type BaselineVariant } from './fixtures/baseline-fts.js'
import { CORPUS_QUESTIONS } from './fixtures/corpus-questions.js'
import { rankingFigures, rankingTable, thresholdFigures, thresholdTable, type RankedOutcome } from './fixtures/ranking-metrics.js'
import { startKnowledge } from './setup.js'

// Retrieval measured on real documentation (fixtures/retrieval-corpus, MIT, see its SOURCES.md)
// with labelled questions: the figures docs/knowledge.md ("Quality") quotes are printed here.

const CORPUS = fileURLToPath(new URL('./fixtures/retrieval-corpus', import.meta.url))
const THRESHOLDS = [0.2, 0.3, 0.35, 0.4, 0.5, 0.6]
const VARIANTS: BaselineVariant[] = [
  { name: 'baseline: FTS5 bm25, plain', tokenize: 'unicode61', weights: [1, 1, 1] },
  { name: 'FTS5 bm25 + stemming', tokenize: 'porter unicode61', weights: [1, 1, 1] },
  { name: 'FTS5 bm25 + title/heading weights', tokenize: 'unicode61', weights: [8, 4, 1] },
  { name: 'FTS5 bm25 + stemming + weights', tokenize: 'porter unicode61', weights: [8, 4, 1] },
  ...[3, 10].map((near): BaselineVariant => ({ name: `FTS5 bm25 + stemming + weights + proximity (NEAR ${near})`, tokenize: 'porter unicode61', weights: [8, 4, 1], near })),
]

describe('knowledge retrieval quality on the retrieval corpus (sqlite)', () => {
  const sqlite = databaseTargets().find((target) => target.name === 'sqlite')!
  let created: CreatedDatabase
  let chatbot: Chatbot
  let provider: Awaited<ReturnType<typeof createDemoProvider>>
  const runs = new Map<string, RankedOutcome[]>()

  const measure = async (name: string, bot: Chatbot) => {
    const outcomes: RankedOutcome[] = []
    for (const question of CORPUS_QUESTIONS) {
      const { results } = await bot.searchKnowledge(question.question, { limit: 50 })
      outcomes.push({ question, documents: [...new Set(results.map((result) => result.document))], best: Math.max(0, ...results.map((result) => result.score)) })
    }
    runs.set(name, outcomes)
  }

  beforeAll(async () => {
    created = await sqlite.create()
    provider = await createDemoProvider()
    const source = { corpus: { type: 'files' as const, path: CORPUS, include: ['**/*.md'], exclude: ['SOURCES.md'] } }
    const wide = { minScore: 0, topK: 50, maxBytes: 1_000_000 }
    chatbot = await startKnowledge(created, source, { knowledge: wide })
    await chatbot.syncKnowledge()
    await measure('ours: full-text', chatbot)
    const chunks = await withKnowledge(chatbot.db).selectFrom('knowledge_chunks as c').innerJoin('knowledge_documents as d', 'd.id', 'c.document_id').select(['c.title', 'c.heading', 'c.text', 'd.document']).execute()
    for (const variant of VARIANTS) {
      const baseline = createBaseline(chunks, variant)
      runs.set(variant.name, CORPUS_QUESTIONS.map((question) => ({ question, documents: baseline.rank(question.question), best: 0 })))
      baseline.close()
    }
    await chatbot.close()
    chatbot = await startKnowledge(created, source, { knowledge: { ...wide, embeddings: { model: 'demo-embedding', baseUrl: provider.url } } })
    await chatbot.syncKnowledge()
    await measure('ours: hybrid (demo embeddings)', chatbot)
  }, 300_000)
  afterAll(async () => {
    await chatbot?.close()
    await provider?.close()
    await created?.drop()
  })

  it('labels only pages that exist', () => {
    const missing = CORPUS_QUESTIONS.flatMap((question) => question.answers).filter((answer) => !existsSync(join(CORPUS, answer)))
    expect(missing).toEqual([])
  })

  it('beats plain FTS5 BM25 over heading chunks on recall@5 and MRR (figures printed)', () => {
    const rows = [...runs].map(([name, outcomes]) => ({ name, figures: rankingFigures(outcomes) }))
    console.log(`\n${rankingTable(rows)}\n`)
    const overall = (name: string) => rows.find((row) => row.name === name)!.figures.at(-1)!
    const baseline = overall(VARIANTS[0]!.name)
    for (const ours of [overall('ours: full-text'), overall('ours: hybrid (demo embeddings)')]) {
      expect(ours.recallAt5).toBeGreaterThanOrEqual(baseline.recallAt5)
      expect(ours.mrr).toBeGreaterThanOrEqual(baseline.mrr)
    }
    // Phrase proximity is left out because it does not help here (docs/knowledge.md, "Quality").
    for (const variant of VARIANTS.filter((candidate) => candidate.near !== undefined)) {
      expect(overall(variant.name).mrr).toBeLessThanOrEqual(overall('ours: full-text').mrr)
      expect(overall(variant.name).recallAt5).toBeLessThanOrEqual(overall('ours: full-text').recallAt5)
    }
  })

  it('prints what each minScore keeps and catches', () => {
    const rows = ['ours: full-text', 'ours: hybrid (demo embeddings)'].map((name) => ({ name, figures: thresholdFigures(runs.get(name)!, THRESHOLDS) }))
    console.log(`\n${thresholdTable(rows)}\n`)
    const fullText = rows[0]!.figures.find((figure) => figure.threshold === 0.35)!
    expect(fullText.kept).toBeGreaterThanOrEqual(0.8)
  })
})
