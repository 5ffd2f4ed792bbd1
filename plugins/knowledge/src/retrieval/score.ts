/** A chunk the full-text search ranked, before its text is read (fuse.ts' withTexts reads it when the turn may offer it). */
export interface RankedChunk {
  id: number
  /** The database's full-text rank, best first (0 the best). */
  position: number
}

/** What the full-text search found for one chunk, before scoring. */
export interface Candidate extends RankedChunk {
  source: string
  document: string
  url: string | null
  title: string
  heading: string | null
  text: string
  /** turn/chunk-lines.ts' counts (JSON); null for a chunk indexed before they were stored. */
  line_tokens: string | null
}

export const isRead = (chunk: RankedChunk): chunk is Candidate => 'text' in chunk

/** Per query term: in how many chunks of the whole index it occurs, and which candidates hold it. */
export interface TermStats {
  term: string
  documentFrequency: number
  matches: ReadonlySet<number>
}

/** A term's rarity: BM25's inverse document frequency, always > 0. */
const rarity = (documentFrequency: number, chunks: number) => Math.log(1 + (chunks - documentFrequency + 0.5) / (documentFrequency + 0.5))

/**
 * The score of a chunk, by its id, for one question (docs/knowledge.md, "The score"), from 0 to
 * 1: how much of the question the chunk covers, as the product of two shares.
 * - Of the question's terms the index knows (that some chunk contains), the share this chunk
 *   contains, each term weighted by its rarity: a chunk holding the rare words of the question
 *   scores higher than one holding its common ones.
 * - The share of the question's terms the index knows at all: a question about what the sources
 *   never mention (none of its words occur anywhere) scores 0 whatever matched.
 * Neither depends on the chunk's rank nor on the other candidates, so one `minScore` holds across
 * questions and corpora.
 */
export function scorer(terms: readonly TermStats[], chunks: number): (id: number) => number {
  // What does not depend on the chunk is worked out once per question, not once per candidate.
  const known = terms.filter((term) => term.documentFrequency > 0)
  if (known.length === 0) return () => 0
  const weights = known.map((term) => rarity(term.documentFrequency, chunks))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const share = known.length / terms.length
  return (id) => {
    const covered = known.reduce((sum, term, index) => sum + (term.matches.has(id) ? weights[index]! : 0), 0)
    return Math.round((covered / total) * share * 1000) / 1000
  }
}
