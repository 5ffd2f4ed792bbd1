import { stemmer } from 'stemmer'

/** Stems already computed: a corpus has a bounded vocabulary, and most words recur question after question. */
const stems = new Map<string, string>()
const STEMS_KEPT = 100_000

function stemOf(word: string): string {
  let stem = stems.get(word)
  if (stem === undefined) {
    if (stems.size === STEMS_KEPT) stems.clear()
    stem = stemmer(word)
    stems.set(word, stem)
  }
  return stem
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u

/** Text as FTS5's `unicode61` tokenizer compares it: lower case, diacritics removed. */
const fold = (text: string): string => {
  const lower = text.toLowerCase()
  // eslint-disable-next-line no-control-regex -- plain ASCII needs no decomposition
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '')
}

/**
 * Whether `text` (folded) holds a word whose stem is `stem`. Porter's algorithm only rewrites a
 * word's ending, so every such word starts with the stem less its last letter: only the words
 * starting so are cut out and stemmed.
 */
function holds(text: string, stem: string): boolean {
  const prefix = stem.length > 1 ? stem.slice(0, -1) : stem
  for (let at = text.indexOf(prefix); at !== -1; at = text.indexOf(prefix, at + 1)) {
    if (at > 0 && WORD_CHARACTER.test(text[at - 1]!)) continue
    let end = at + prefix.length
    while (end < text.length && WORD_CHARACTER.test(text[end]!)) end++
    if (stemOf(text.slice(at, end)) === stem) return true
  }
  return false
}

/** A query term as FTS5's `porter unicode61` tokenizer indexes it. */
export const ftsStem = (term: string): string => stemOf(fold(term))

export interface MatchableChunk {
  id: number
  title: string
  heading: string | null
  text: string
}

/**
 * Which of `chunks` hold each of `terms` (single words), as SQLite's `porter unicode61` index would
 * answer: both stem with Martin Porter's algorithm, and a test holds them together on every word
 * of real documentation. Asking the index instead costs a query per term that reads the term's
 * whole posting list: 3 to 15 ms a question at 10,000 chunks when a term is common; this takes
 * about 0.2 ms (docs/knowledge.md, "Speed").
 */
export function termMatches(chunks: readonly MatchableChunk[], terms: readonly string[]): Array<Set<number>> {
  const texts = chunks.map((chunk) => fold(`${chunk.title} ${chunk.heading ?? ''} ${chunk.text}`))
  return terms.map((term) => {
    const stem = ftsStem(term)
    return new Set(chunks.filter((_, index) => holds(texts[index]!, stem)).map((chunk) => chunk.id))
  })
}
