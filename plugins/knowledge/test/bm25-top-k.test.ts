import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { loadLengths, loadPostings, type ChunkLengths } from '../src/retrieval/bm25-postings.js'
import { bm25TopK } from '../src/retrieval/bm25-top-k.js'
import { queryTerms, wordsOf } from '../src/retrieval/query-terms.js'
import { ftsStem } from '../src/retrieval/term-matches.js'
import { withKnowledge } from '../src/storage/tables.js'
import { CORPUS_QUESTIONS } from './fixtures/corpus-questions.js'
import { startKnowledge } from './setup.js'

// The in-process BM25 ranking (SQLite) against FTS5's own `bm25(…, 8, 4, 1)` over the retrieval
// corpus: the same ids in the same order, the same scores, for every question of the quality
// corpus and for random queries of the corpus' words (common ones included), filtered or not.

const CORPUS = fileURLToPath(new URL('./fixtures/retrieval-corpus', import.meta.url))

function seeded(seed: number): () => number {
  let state = seed
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}

describe('bm25TopK against FTS5 (sqlite, the retrieval corpus)', () => {
  let created: CreatedDatabase
  let chatbot: Chatbot
  let lengths: ChunkLengths
  let checked = 0

  beforeAll(async () => {
    created = await databaseTargets().find((target) => target.name === 'sqlite')!.create()
    chatbot = await startKnowledge(created, { corpus: { type: 'files', path: CORPUS, include: ['**/*.md'], exclude: ['SOURCES.md'] } })
    await chatbot.syncKnowledge()
    lengths = await loadLengths(chatbot.db)
  })
  afterAll(async () => {
    await chatbot.close()
    await created.drop()
  })

  /** FTS5's ranking and ours for an OR of `terms`, the chunks `filter` keeps (SQL and JavaScript alike). */
  async function compare(terms: string[], filter?: { sql: ReturnType<typeof sql>; keep: (id: number) => boolean }, limit = 50) {
    if (terms.length === 0) return
    const fts = sql.table('knowledge_chunks_fts')
    const match = terms.map((term) => `"${term}"`).join(' OR ')
    const { rows } = await sql<{ id: number; rank: number }>`
      select rowid as id, bm25(${fts}, 8.0, 4.0, 1.0) as rank from ${fts} where ${fts} match ${match} ${filter ? sql`and ${filter.sql}` : sql``}
      order by rank, rowid limit ${limit}`.execute(chatbot.db)
    const phrases = await Promise.all(
      terms.map(async (term) => ({
        postings: await loadPostings(chatbot.db, ftsStem(term)),
        documentFrequency: Number((await sql<{ n: number }>`select count(*) as n from ${fts} where ${fts} match ${`"${term}"`}`.execute(chatbot.db)).rows[0]!.n),
      })),
    )
    for (const [at, phrase] of phrases.entries()) expect(phrase.postings.ids.length, terms[at]).toBe(phrase.documentFrequency)
    const ours = bm25TopK(phrases, lengths, filter && ((position) => filter.keep(lengths.ids[position]!)), limit)!
    expect(ours.map((row) => row.id), match).toEqual(rows.map((row) => row.id))
    for (const [at, row] of rows.entries()) expect(Math.abs(ours[at]!.rank - row.rank), match).toBeLessThan(1e-9)
    checked++
  }

  it('ranks every question of the quality corpus as FTS5 does, all chunks or the even ids only', async () => {
    for (const { question } of CORPUS_QUESTIONS) {
      await compare(queryTerms(question))
      await compare(queryTerms(question), { sql: sql`rowid % 2 = 0`, keep: (id) => id % 2 === 0 })
    }
    expect(checked).toBeGreaterThan(CORPUS_QUESTIONS.length)
  })

  it('ranks 300 random queries of the corpus words (one to five, common ones included) as FTS5 does', async () => {
    const chunks = await withKnowledge(chatbot.db).selectFrom('knowledge_chunks').select(['title', 'text']).execute()
    const words = chunks.flatMap((chunk) => wordsOf(`${chunk.title} ${chunk.text}`))
    expect(words.length).toBeGreaterThan(10_000)
    const random = seeded(11)
    const before = checked
    for (let query = 0; query < 300; query++) {
      const terms = [...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => words[Math.floor(random() * words.length)]!))]
      // The best few alone too: most matches are then turned away by the last kept one.
      await compare(terms, undefined, query % 3 === 0 ? 3 : 50)
    }
    expect(checked - before).toBe(300)
  })

  it('declines (FTS5 ranks then) when a chunk is newer than the lengths it was given', async () => {
    const [newest] = await withKnowledge(chatbot.db).selectFrom('knowledge_chunks').select(['id', 'text']).orderBy('id', 'desc').limit(1).execute()
    const term = wordsOf(newest!.text)[0]!
    const postings = await loadPostings(chatbot.db, ftsStem(term))
    // The lengths as read before the newest chunk was indexed.
    const kept = lengths.ids.map((id) => (id === Number(newest!.id) ? 0 : 1))
    const older = { ...lengths, ids: lengths.ids.filter((_, at) => kept[at]), lengths: lengths.lengths.filter((_, at) => kept[at]), sources: lengths.sources.filter((_, at) => kept[at]) }
    expect(older.ids.length).toBe(lengths.ids.length - 1)
    expect(bm25TopK([{ postings, documentFrequency: postings.ids.length }], lengths, undefined, 50)).toBeDefined()
    expect(bm25TopK([{ postings, documentFrequency: postings.ids.length }], older, undefined, 50)).toBeUndefined()
  })
})
