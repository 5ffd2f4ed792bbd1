import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/blocks.js'
import { toPlainLines } from '../../src/markdown/plain.js'

const plain = (markdown: string) => toPlainLines(parseMarkdown(markdown))

describe('toPlainLines', () => {
  it('keeps the words and drops the Markdown: emphasis, code marks and link targets', () => {
    expect(plain('It is **shipped** with `DHL`: track it at [the carrier](https://example.com/track).')).toEqual(['It is shipped with DHL: track it at the carrier.'])
  })

  it('gives each paragraph, hard break, list item and code line a line of its own, ordered items with their numbers', () => {
    expect(plain('Two things:\n\n3. anvil\n4. *hammer*\n\n- nested\n  - deeper\n\nline one  \nline two\n\n```\nconst a = 1\nconst b = 2\n```')).toEqual([
      'Two things:',
      '3. anvil',
      '4. hammer',
      'nested',
      'deeper',
      'line one',
      'line two',
      'const a = 1',
      'const b = 2',
    ])
  })
})
