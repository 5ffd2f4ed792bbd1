import { byteLength } from '@chatbot-kit/kernel'
import type { ChatbotDb } from '../storage/tables.js'
import { CANDIDATES, fullTextSearch } from './full-text.js'
import { fuse, withTexts, type FusedCandidate } from './fuse.js'
import { queryTerms } from './query-terms.js'
import { isRead, scorer } from './score.js'
import type { IndexStatistics } from './index-statistics.js'
import type { VectorHit } from './vector-index.js'

/** One chunk offered to a turn (and printed by `chatbot knowledge search`). */
export interface RetrievedChunk {
  source: string
  /** The path within a files source, or the page's URL. */
  document: string
  url: string | null
  title: string
  heading: string | null
  score: number
  text: string
}

export interface Retrieval {
  /** True when the question was searched and nothing scored `minScore` or more. */
  gap: boolean
  minScore: number
  results: RetrievedChunk[]
  /** Why the vector side failed (the question's embedding, mostly): the results are full text's alone. */
  vectorFailure?: string
}

/** What a turn needs besides: each offered chunk's stored line token counts (turn/chunk-lines.ts), in order. */
export interface TurnRetrieval extends Retrieval {
  lines: Array<{ id: number; title: string; heading: string | null; url: string | null; text: string; lineTokens: string | null }>
}

/** The vector side of hybrid retrieval: the question embedded, then searched (knowledge-service.ts). */
export interface VectorSearch {
  embed(question: string): Promise<Float32Array>
  /** `version`: the index's (IndexStatistics.refresh), which tells a cache whether a sync changed it. */
  search(query: Float32Array, sources: string[], limit: number, version: string): Promise<VectorHit[]>
  /** Loads what a first `search` under `version` would (the in-process index), so that no turn waits for it. */
  warm(version: string): Promise<void>
}

/** What a process keeps of the index between turns: its statistics, and the vector side when embeddings are on. */
export interface RetrievalIndex {
  statistics: IndexStatistics
  vectors: VectorSearch | undefined
}

export interface RetrieveLimits {
  topK: number
  maxBytes: number
  minScore: number
}

/**
 * What a turn offers for `question` from `sources`: the full-text ranking's order (fused by rank
 * with the vectors' when `vectors` is given; a chunk's score is then the larger of its full-text
 * score and its calibrated similarity), chunks under
 * `minScore` left out, at most `topK`, and whole chunks only within `maxBytes` of text (one that
 * does not fit is dropped, a smaller later one may still fit).
 */
export async function retrieve(db: ChatbotDb, question: string, sources: string[], limits: RetrieveLimits, { statistics, vectors }: RetrievalIndex, embedding = vectors?.embed(question)): Promise<TurnRetrieval> {
  // Handled at once: it may fail while an await below runs, before `hits` reads it (or never read).
  embedding?.catch(() => undefined)
  // Nothing to search (a channel with `knowledge: []`) is not a gap: the turn did not search.
  if (sources.length === 0) return { gap: false, minScore: limits.minScore, results: [], lines: [] }
  // The question's embedding is sent first (a turn sends it at turn:start), so its round trip
  // overlaps the full-text queries; a failing embedding leaves full text to answer alone.
  let vectorFailure: string | undefined
  const version = await statistics.refresh()
  const hits = embedding?.then((query) => vectors!.search(query, sources, CANDIDATES, version)).catch((error: unknown) => {
    vectorFailure = error instanceof Error ? error.message : String(error)
    return undefined
  })
  const { candidates, terms, chunks } = await fullTextSearch(db, queryTerms(question), sources, statistics)
  const vectorHits = await hits
  const ranked: FusedCandidate[] = vectorHits ? fuse(candidates, vectorHits) : candidates.map((candidate) => ({ id: candidate.id, candidate: isRead(candidate) ? candidate : undefined, similarity: 0 }))
  // Scored before any text is read: the terms' matches are known for every candidate (none for a chunk only the vectors found).
  const scoreOf = scorer(terms, chunks)
  const eligible = ranked.map((entry) => ({ ...entry, score: Math.max(scoreOf(entry.id), entry.similarity) })).filter((entry) => entry.score >= limits.minScore)
  const results: RetrievedChunk[] = []
  const lines: TurnRetrieval['lines'] = []
  let bytes = 0
  // Texts are read for as many as may still be offered; more only when some did not fit in `maxBytes`.
  for (let at = 0; at < eligible.length && results.length < limits.topK; ) {
    const batch = eligible.slice(at, at + limits.topK - results.length)
    at += batch.length
    for (const { candidate, score } of await withTexts(db, batch, candidates.length)) {
      const size = byteLength(candidate.text)
      if (bytes + size > limits.maxBytes) continue
      bytes += size
      const { source, document, url, title, heading, text } = candidate
      results.push({ source, document, url, title, heading, score, text })
      lines.push({ id: candidate.id, title, heading, url, text, lineTokens: candidate.line_tokens })
    }
  }
  return { gap: results.length === 0, minScore: limits.minScore, results, lines, ...(vectorFailure !== undefined && { vectorFailure }) }
}
