import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { termMatches, type MatchableChunk } from '../src/retrieval/term-matches.js'

// The score reads which candidates hold which term from the candidates' text (term-matches.ts),
// not from the index: here both answer for every word of real documentation and must agree.

const CORPUS = fileURLToPath(new URL('./fixtures/retrieval-corpus', import.meta.url))

function corpusChunks(): MatchableChunk[] {
  const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.md') && path !== 'SOURCES.md')
  return files.flatMap((path) => readFileSync(join(CORPUS, path), 'utf8').split(/\n(?=#)/)).map((text, index) => ({ id: index + 1, title: text.split('\n')[0]!, heading: null, text }))
}

describe('term matches', () => {
  it('agree with a porter unicode61 FTS5 index on every word of the retrieval corpus', () => {
    const chunks = [...corpusChunks(), { id: 100_000, title: 'Café résumé', heading: 'Naïve caching', text: 'Running happily; cached relational sensibility, ponies and hopping.' }]
    const db = new Database(':memory:')
    db.exec(`create virtual table fts using fts5(title, heading, text, tokenize = 'porter unicode61')`)
    const insert = db.prepare('insert into fts (rowid, title, heading, text) values (?, ?, ?, ?)')
    for (const chunk of chunks) insert.run(chunk.id, chunk.title, chunk.heading, chunk.text)
    const words = [...new Set(chunks.flatMap((chunk) => `${chunk.title} ${chunk.text}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []))]
    words.push('cafe', 'résumé', 'naive', 'run', 'happy', 'cache', 'relate', 'sensible', 'pony', 'hop')
    const matches = termMatches(chunks, words)
    const select = db.prepare('select rowid as id from fts where fts match ?')
    const disagreeing = words.filter((word, index) => {
      const indexed = new Set(select.all(`"${word}"`).map((row) => (row as { id: number }).id))
      return indexed.size !== matches[index]!.size || [...indexed].some((id) => !matches[index]!.has(id))
    })
    db.close()
    expect(words.length).toBeGreaterThan(3000)
    expect(disagreeing).toEqual([])
  })

  it('finds a term only in the chunks that hold one of its forms', () => {
    const chunks = [
      { id: 1, title: 'Returns', heading: null, text: 'Items are returned within 30 days.' },
      { id: 2, title: 'Shipping', heading: 'Rates', text: 'We ship worldwide.' },
    ]
    expect(termMatches(chunks, ['return', 'shipped', 'rate', 'kayak']).map((ids) => [...ids])).toEqual([[1], [2], [2], []])
  })
})
