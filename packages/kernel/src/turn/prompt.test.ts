import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { countTokens, loadTokenizer } from '../text/index.js'
import { promptLines, seedPromptLines, systemPromptTokens } from './prompt.js'

// Characters that meet o200k's pre-split at a line start: newlines and other spaces, "/", the
// punctuation whose piece swallows trailing newlines, digits, letters of several scripts,
// combining marks, emoji (a surrogate pair) and special-token text.
const ALPHABET = ['\n', '\n\n', '\r\n', ' ', '  ', '\t', '/', '.', '>', '</context>', '[1]', '—', '’s', 'a', 'The', 'word', 'ÉTÉ', '123456', 'é', '\u0301', '日本語', 'Ж', '😀', '<|endoftext|>', '#', '- ', '`']

function randomPrompt(random: () => number): string {
  const length = 1 + Math.floor(random() * 60)
  return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('')
}

function seeded(seed: number): () => number {
  let state = seed
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}

describe('systemPromptTokens', () => {
  it('counts line by line exactly what the whole prompt counts, for 20,000 random prompts', async () => {
    await loadTokenizer()
    const random = seeded(7)
    for (let index = 0; index < 20000; index++) {
      const prompt = randomPrompt(random)
      expect(systemPromptTokens(prompt), JSON.stringify(prompt)).toBe(countTokens(prompt))
    }
  })

  it('counts the docs (real Markdown, code and tables) exactly, twice (the second time from the cache)', async () => {
    await loadTokenizer()
    const docs = fileURLToPath(new URL('../../../../docs/', import.meta.url))
    const pages = readdirSync(docs).filter((name) => name.endsWith('.md'))
    expect(pages.length).toBeGreaterThan(10)
    for (const page of pages) {
      const text = readFileSync(docs + page, 'utf8')
      expect(systemPromptTokens(text), page).toBe(countTokens(text))
      expect(systemPromptTokens(text), page).toBe(countTokens(text))
    }
  })

  it('takes a seeded line count from the cache: what a plugin counted is used, not recounted', async () => {
    await loadTokenizer()
    const prompt = 'Base prompt.\n\nA line only this test seeds, counted 1,000.\nThe last line.'
    const lines = promptLines(prompt)
    expect(lines).toHaveLength(3)
    seedPromptLines([[lines[1]!, 1000]])
    expect(systemPromptTokens(prompt)).toBe(countTokens(lines[0]!) + 1000 + countTokens(lines[2]!))
  })

  it('is not exact without the rule: a line starting with "/" joins the newline before it', async () => {
    await loadTokenizer()
    // The check above can fail: splitting before "/" would count these differently.
    expect(countTokens('>\n') + countTokens('/x')).not.toBe(countTokens('>\n/x'))
  })
})
