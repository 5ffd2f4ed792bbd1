import { dialectOf, sql } from '@chatbot-kit/kernel/plugin'
import type { ChatbotDb } from '../storage/tables.js'
import type { IndexStatistics } from './index-statistics.js'
import type { Candidate, RankedChunk, TermStats } from './score.js'
import { ftsStem, termMatches } from './term-matches.js'
import { loadLengths, loadPostings } from './bm25-postings.js'
import { bm25TopK } from './bm25-top-k.js'

export interface FullTextResult {
  /** Read (with their text) unless ranked in process: the terms' postings tell which hold what. */
  candidates: Array<Candidate | RankedChunk>
  terms: TermStats[]
  /** Chunks in the whole index: the rarity's reference. */
  chunks: number
}

// A row as the driver returns it: Postgres' bigint ids arrive as strings.
type CandidateRow = Omit<Candidate, 'id' | 'position'> & { id: number | string }

/** How many candidates the full-text search ranks before scoring. */
export const CANDIDATES = 50

const toCandidates = (rows: CandidateRow[]): Candidate[] => rows.map((row, position) => ({ ...row, id: Number(row.id), position }))

/**
 * SQLite: FTS5's BM25 with title and heading weighing more than the body (porter stemming). The
 * best rows are ranked first (in process from FTS5's postings, else by FTS5) and only they are
 * joined to their chunks: joining every match before the sort cost 14 ms a question at 10,000
 * chunks; FTS5's own ranking scores every match, 1 to 2 ms for ~1,800. A term in more than
 * half of the chunks is left out of the MATCH (still scored): FTS5 gives such a term no weight
 * (its inverse document frequency is clamped to 1e-6), yet each of its thousands of rows had to be
 * ranked (docs/knowledge.md, "Speed").
 */
async function sqliteSearch(db: ChatbotDb, terms: string[], sources: string[], statistics: IndexStatistics): Promise<Omit<FullTextResult, 'chunks'>> {
  const [total, present, frequencies] = await Promise.all([statistics.chunkCount(), statistics.sources(), Promise.all(terms.map((term) => frequencyOf(db, term, statistics)))])
  const telling = terms.filter((_, index) => frequencies[index]! <= total / 2)
  const matched = telling.length > 0 ? telling : terms
  // The common case, every indexed source searched, needs no join to filter.
  const every = present.every((source) => sources.includes(source))
  // A stem's postings cost more to read (about 1 ms) than FTS5's ranking: a question with a stem
  // not kept yet is ranked by FTS5, and the stem left for the warm-up to read in idle time.
  const unkept = matched.map(ftsStem).filter((stem) => !statistics.hasPostings(stem))
  unkept.forEach((stem) => statistics.wanted.add(stem))
  const inProcess = unkept.length === 0 ? await rankInProcess(db, matched, matched.map((term) => frequencies[terms.indexOf(term)]!), every ? undefined : sources, statistics) : undefined
  const held = inProcess && (await postingMatches(db, inProcess, terms, frequencies, statistics))
  if (held) return { candidates: inProcess.map((id, position) => ({ id, position })), terms: terms.map((term, index) => ({ term, documentFrequency: frequencies[index]!, matches: held[index]! })) }
  const best = inProcess ?? (await rankInFts(db, matched, every, sources))
  const { rows } = best.length === 0 ? { rows: [] } : await sql<CandidateRow>`
    select c.id, c.source, d.document, c.url, c.title, c.heading, c.text, c.line_tokens
    from ${sql.table('knowledge_chunks')} c join ${sql.table('knowledge_documents')} d on d.id = c.document_id
    where c.id in (${sql.join(best)})`.execute(db)
  const order = new Map(best.map((id, position) => [id, position]))
  rows.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!)
  const candidates = toCandidates(rows)
  const matches = termMatches(candidates, terms)
  return { candidates, terms: terms.map((term, index) => ({ term, documentFrequency: frequencies[index]!, matches: matches[index]! })) }
}

/**
 * FTS5 reads an ASCII word of letters and digits as one token, stemmed as `ftsStem` stems it
 * (term-matches.test.ts holds the two stemmers together): its document frequency is then its
 * stem's number of chunks.
 */
const ONE_TOKEN = /^[a-z0-9]{1,64}$/

/** `term`'s document frequency: its stem's number of chunks once the vocabulary is kept, else counted by FTS5 once per sync. */
function frequencyOf(db: ChatbotDb, term: string, statistics: IndexStatistics): Promise<number> {
  const known = ONE_TOKEN.test(term) ? statistics.stemFrequency(ftsStem(term)) : undefined
  if (known !== undefined) return Promise.resolve(known)
  const fts = sql.table('knowledge_chunks_fts')
  return statistics.frequency(term, async () => Number((await sql<{ n: number }>`select count(*) as n from ${fts} where ${fts} match ${`"${term}"`}`.execute(db)).rows[0]!.n))
}

/** Whether the ascending `ids` hold `id`. */
function holds(ids: Int32Array, id: number): boolean {
  let low = 0
  let high = ids.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (ids[middle] === id) return true
    if (ids[middle]! < id) low = middle + 1
    else high = middle - 1
  }
  return false
}

/**
 * Which of `ids` hold each term, from the terms' kept postings (FTS5's own answer, for every
 * column): no chunk text need be read or stemmed for candidates the turn will not offer (about
 * 0.3 ms a question at 10,000 chunks). Undefined when a term's postings are not kept or are not
 * the rows FTS5 counts for it (a word its tokenizer splits): termMatches reads the texts then.
 */
async function postingMatches(db: ChatbotDb, ids: number[], terms: string[], frequencies: number[], statistics: IndexStatistics): Promise<Array<Set<number>> | undefined> {
  const matches: Array<Set<number>> = []
  for (const [index, term] of terms.entries()) {
    const stem = ftsStem(term)
    if (!ONE_TOKEN.test(term) || !statistics.hasPostings(stem)) return undefined
    const postings = await statistics.postings(stem, () => loadPostings(db, stem))
    if (postings.ids.length !== frequencies[index]) return undefined
    matches.push(new Set(ids.filter((id) => holds(postings.ids, id))))
  }
  return matches
}

/** The best CANDIDATES ids by FTS5's own `bm25` ranking, ties in id order. */
async function rankInFts(db: ChatbotDb, terms: string[], every: boolean, sources: string[]): Promise<number[]> {
  const fts = sql.table('knowledge_chunks_fts')
  const { rows } = await sql<{ id: number }>`
    select f.rowid as id from ${fts} f
    ${every ? sql`` : sql`join ${sql.table('knowledge_chunks')} s on s.id = f.rowid`}
    where ${fts} match ${terms.map((term) => `"${term}"`).join(' OR ')} ${every ? sql`` : sql`and s.source in (${sql.join(sources)})`}
    order by bm25(${fts}, 8.0, 4.0, 1.0), f.rowid limit ${CANDIDATES}`.execute(db)
  return rows.map((row) => row.id)
}

/**
 * The same ranking computed in process from each term's postings (bm25-top-k.ts), kept until the
 * next sync; `sources` undefined searches all. Undefined when a term's postings are not the rows
 * FTS5 matches for it (a word its tokenizer splits or stems otherwise) or a chunk is newer than
 * the lengths: FTS5 ranks then.
 */
async function rankInProcess(db: ChatbotDb, terms: string[], frequencies: number[], sources: string[] | undefined, statistics: IndexStatistics): Promise<number[] | undefined> {
  const [index, postings] = await Promise.all([statistics.lengths(() => loadLengths(db)), Promise.all(terms.map((term) => statistics.postings(ftsStem(term), () => loadPostings(db, ftsStem(term)))))])
  if (postings.some((list, at) => list.ids.length !== frequencies[at])) return undefined
  const accept = sources ? (position: number) => sources.includes(index.sources[position]!) : undefined
  const phrases = postings.map((list, at) => ({ postings: list, documentFrequency: frequencies[at]! }))
  return bm25TopK(phrases, index, accept, CANDIDATES)?.map((ranked) => ranked.id)
}

/** Postgres: `tsvector` (English stemming) with a GIN index, ranked by `ts_rank_cd` (weights A title, B heading). */
async function postgresSearch(db: ChatbotDb, terms: string[], sources: string[], statistics: IndexStatistics): Promise<Omit<FullTextResult, 'chunks'>> {
  const chunks = sql.table('knowledge_chunks')
  const query = sql`websearch_to_tsquery('english', ${terms.join(' or ')})`
  const { rows } = await sql<CandidateRow>`
    select c.id, c.source, d.document, c.url, c.title, c.heading, c.text, c.line_tokens
    from ${chunks} c join ${sql.table('knowledge_documents')} d on d.id = c.document_id
    where c.search @@ ${query} and c.source in (${sql.join(sources)})
    order by ts_rank_cd(c.search, ${query}) desc, c.id limit ${CANDIDATES}`.execute(db)
  const candidates = toCandidates(rows)
  const ids = candidates.map((candidate) => candidate.id)
  const stats = await Promise.all(
    terms.map(async (term) => {
      const one = sql`plainto_tsquery('english', ${term})`
      const documentFrequency = await statistics.frequency(term, async () => Number((await sql<{ n: string }>`select count(*) as n from ${chunks} where search @@ ${one}`.execute(db)).rows[0]!.n))
      const matched = ids.length ? (await sql<{ id: string }>`select id from ${chunks} where search @@ ${one} and id in (${sql.join(ids)})`.execute(db)).rows : []
      return { term, documentFrequency, matches: new Set<number>(matched.map((row) => Number(row.id))) }
    }),
  )
  return { candidates, terms: stats }
}

/** The chunks of `sources` the terms find, best first by the database's full-text rank, with each term's statistics. */
export async function fullTextSearch(db: ChatbotDb, terms: string[], sources: string[], statistics: IndexStatistics): Promise<FullTextResult> {
  if (terms.length === 0 || sources.length === 0) return { candidates: [], terms: [], chunks: 0 }
  const search = dialectOf(db) === 'postgres' ? postgresSearch : sqliteSearch
  const found = await statistics.search(JSON.stringify([terms, sources]), () => search(db, terms, sources, statistics))
  return { ...found, chunks: await statistics.chunkCount() }
}
