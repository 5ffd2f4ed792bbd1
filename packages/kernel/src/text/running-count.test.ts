import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { RunningTokenCount } from './running-count.js'
import { countTokens, loadTokenizer } from './tokens.js'

// What a reply is made of, weighted towards what trips a split pattern: contractions (straight and
// curly, any case), digit runs, every kind of whitespace run, marks, scripts without spaces, emoji.
const ATOMS = [
  'the', 'Hello', 'WORLD', 'camelCase', "don't", "it's", "WE'LL", "they're", 'I’m', "'s", "'", 'é', 'naïve', 'Straße',
  'Жизнь', '中文字符', '日本語です', 'हिन्दी', 'مرحبا', 'ﬁ', 'e\u0301', '\u0301', '😀', '👍🏽', '👩‍💻', '𝐀𝐁', '\ud83d',
  '0', '7', '42', '2026', '1234567', '٣٤٥', '１２３', '3.14', '1,000', '½',
  ' ', ' ', ' ', '  ', '   ', '\t', '\n', '\n\n', '\r\n', ' \n', '\n ', '\u00a0', '\u3000', '\u2028', '\u200b', '\f',
  '.', ',', '!', '?!', '...', ':', ';', '/', '//', '\\', '-', '—', '"', '(', ')', '[1]', '```', '**', '#', '<|endoftext|>', '<|im_start|>', '$', '€',
]

/** A small seeded generator, so a failure names a text that can be made again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomText(next: () => number, atoms: number): string {
  let text = ''
  for (let i = 0; i < atoms; i++) text += ATOMS[Math.floor(next() * ATOMS.length)]
  return text
}

/** The repository's own Markdown: prose, code, tables, links, numbers. */
function realTexts(): string[] {
  const docs = new URL('../../../../docs/', import.meta.url)
  const texts = readdirSync(docs).filter((name) => name.endsWith('.md')).map((name) => readFileSync(new URL(name, docs), 'utf8'))
  return texts.flatMap((text) => text.match(/[\s\S]{1,3000}/g) ?? [])
}

/** Where `RunningTokenCount` may end a piece: a space after a non-whitespace character. */
const cuts = (text: string): number[] => [...text.matchAll(/(?<=\S) /g)].map((match) => match.index)

/** Streams `text` through a count in random deltas, as the kernel's text handler does. */
function stream(text: string, next: () => number): { count: RunningTokenCount; pieces: number } {
  const count = new RunningTokenCount()
  let sent = ''
  let pieces = 0
  for (let at = 0; at < text.length; ) {
    const end = Math.min(text.length, at + 1 + Math.floor(next() * 12))
    sent = count.append(sent, text.slice(at, end))
    const before = count.length
    count.advance(sent)
    if (count.length !== before) {
      pieces++
      // The running count is exact at every cut, not only at the end.
      expect(count.tokens).toBe(countTokens(sent.slice(0, count.length)))
    }
    at = end
  }
  return { count, pieces }
}

describe('RunningTokenCount', () => {
  beforeAll(async () => {
    await loadTokenizer()
  })

  it('cuts where the parts count what the whole counts, in 3,000 random texts', () => {
    const next = random(20261129)
    let checked = 0
    for (let i = 0; i < 3000; i++) {
      const text = randomText(next, 5 + Math.floor(next() * 60))
      const whole = countTokens(text)
      const at = cuts(text)
      for (let k = 0; k < Math.min(6, at.length); k++) {
        const cut = at[Math.floor(next() * at.length)]!
        expect(countTokens(text.slice(0, cut)) + countTokens(text.slice(cut)), JSON.stringify([text, cut])).toBe(whole)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(5000)
  })

  it('cuts where the parts count what the whole counts, in the docs', () => {
    const next = random(7)
    for (const text of realTexts()) {
      const whole = countTokens(text)
      const at = cuts(text)
      for (let k = 0; k < Math.min(8, at.length); k++) {
        const cut = at[Math.floor(next() * at.length)]!
        expect(countTokens(text.slice(0, cut)) + countTokens(text.slice(cut)), JSON.stringify([text.slice(cut - 20, cut + 20), cut])).toBe(whole)
      }
    }
  })

  it('counts a streamed reply exactly, piece by piece, in random and real texts', () => {
    const next = random(42)
    const texts = [...realTexts(), ...Array.from({ length: 200 }, () => randomText(next, 100 + Math.floor(next() * 900)))]
    let pieces = 0
    for (const text of texts) {
      const streamed = stream(text, next)
      pieces += streamed.pieces
      expect(streamed.count.total(text)).toBe(countTokens(text))
    }
    // Most of each text was counted in pieces, not at the end.
    expect(pieces).toBeGreaterThan(texts.length * 3)
  })

  it('is not fooled by cuts the split pattern would not make', () => {
    // Why the cut rule is narrow: after a space, inside a newline run, before a contraction, inside
    // a digit run or a word, before a newline after punctuation, the parts count more than the whole.
    const unsafe = [['hello world', 6], ['x\n\ny', 2], ["don't", 3], ['12345', 1], ['internationalization', 5], ['foo.\n', 4]] as const
    for (const [text, cut] of unsafe) {
      expect(countTokens(text.slice(0, cut)) + countTokens(text.slice(cut))).not.toBe(countTokens(text))
      expect(cuts(text)).not.toContain(cut)
    }
  })

  it('starts over when the text is not the one it counted', () => {
    const count = new RunningTokenCount()
    const first = count.append('', 'word '.repeat(60))
    count.advance(first)
    expect(count.length).toBeGreaterThan(0)
    // Replaced between two deltas…
    const replaced = count.append('другой текст '.repeat(30), 'x')
    expect([count.tokens, count.length]).toEqual([0, 0])
    count.advance(replaced)
    expect(count.total(replaced)).toBe(countTokens(replaced))
    // …or by a `turn:chunk` listener, after the delta was appended and before it is counted.
    count.advance(replaced.toUpperCase())
    expect(count.total(replaced.toUpperCase())).toBe(countTokens(replaced.toUpperCase()))
    expect(count.tokens).toBe(countTokens(replaced.toUpperCase().slice(0, count.length)))
    // A text never handed to `advance` is counted whole.
    expect(count.total(`${replaced}!`)).toBe(countTokens(`${replaced}!`))
  })

  it('counts a text with no cut (no spaces) whole at the end', () => {
    const count = new RunningTokenCount()
    let text = ''
    for (let i = 0; i < 2000; i++) {
      text = count.append(text, '中文')
      count.advance(text)
    }
    expect(count.length).toBe(0)
    expect(count.total(text)).toBe(countTokens(text))
  })
})
