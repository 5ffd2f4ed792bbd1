import { describe, expect, it } from 'vitest'
import { linkable, snippetOf, syncSummary } from '../src/lib/knowledge.js'

const report = { source: 'help', status: 'synced' as const, added: 3, changed: 1, removed: 0, unchanged: 6, chunks: 12, embeddingRequests: 0, failures: [], durationMs: 1234 }

describe('the knowledge view’s wording', () => {
  it('sums a sync per source as the CLI does', () => {
    expect(syncSummary(report)).toBe('help: 3 added, 1 changed, 0 removed, 6 unchanged; 12 chunks written (1.2 s).')
    expect(syncSummary({ ...report, status: 'failed', failures: [{ document: 'a.pdf', reason: 'not a PDF' }] })).toBe('help: failed: 3 added, 1 changed, 0 removed, 6 unchanged; 12 chunks written; 1 failed (1.2 s).')
    expect(syncSummary({ ...report, status: 'busy' })).toBe('help: skipped, another sync of this source is running.')
    expect(syncSummary({ ...report, purged: true, added: 0, changed: 0, unchanged: 0, chunks: 0, removed: 10 })).toBe('help: no longer in knowledge.sources; 10 documents removed.')
  })

  it('links only http and https URLs', () => {
    expect(['https://x.dev/a#b', 'http://x.dev', 'javascript:alert(1)', 'data:text/html,x', 'not a url', null].map(linkable)).toEqual(['https://x.dev/a#b', 'http://x.dev', null, null, null, null])
  })

  it('cuts a snippet at a word, whitespace folded', () => {
    expect(snippetOf('Returns  are\nfree.')).toBe('Returns are free.')
    const long = snippetOf('word '.repeat(100), 42)
    expect(long).toBe(`${'word '.repeat(8).trim()}…`)
  })
})
