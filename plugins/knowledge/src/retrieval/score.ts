/** What the full-text search found for one chunk, before scoring. */
export interface Candidate {
  id: number
  source: string
  document: string
  url: string | null
  title: string
  heading: string | null
  text: string
  /** The database's full-text rank, best first (0 the best). */
  position: number
}

/** Per query term: in how many chunks of the whole index it occurs, and which candidates hold it. */
export interface TermStats {
  term: string
  documentFrequency: number
  matches: ReadonlySet<number>
}

/** A term's rarity: BM25's inverse document frequency, always > 0; a term no chunk holds weighs the most. */
const rarity = (documentFrequency: number, chunks: number) => Math.log(1 + (chunks - documentFrequency + 0.5) / (documentFrequency + 0.5))

/**
 * A chunk's score (docs/knowledge.md, "The score"): the share of the question's meaning it
 * covers, i.e. the sum of the rarities of the question's terms it contains over the sum of the
 * rarities of all its terms. 1: every term; 0: none. It does not depend on the chunk's rank or
 * on the other candidates, so one `minScore` holds across questions and corpora.
 */
export function scoreOf(candidate: Candidate, terms: readonly TermStats[], chunks: number): number {
  const weights = terms.map((term) => rarity(term.documentFrequency, chunks))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total === 0) return 0
  const covered = terms.reduce((sum, term, index) => sum + (term.matches.has(candidate.id) ? weights[index]! : 0), 0)
  return Math.round((covered / total) * 1000) / 1000
}
