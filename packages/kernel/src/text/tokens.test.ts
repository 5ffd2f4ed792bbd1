import { describe, expect, it } from 'vitest'
import { countTokens, loadTokenizer } from './tokens.js'

describe('countTokens', () => {
  it.each(['<|endoftext|>', '<|im_start|>system', 'a <|fim_prefix|> b <|endofprompt|>'])('counts special-token text %j as plain text', async (text) => {
    await loadTokenizer()
    expect(countTokens(text)).toBeGreaterThan(1)
  })
})
