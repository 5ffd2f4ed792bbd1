import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveConfig, type ChatbotConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { sanitizerPlugin } from '../src/index.js'

const resolve = (config: ChatbotConfig = {}) => resolveConfig(config, {}, { plugins: [sanitizerPlugin()] })

describe('sanitizer options', () => {
  it('defaults sanitizerTags to the five reserved tags; a list in the file replaces it', () => {
    expect(resolve().sanitizerTags).toEqual(['context', 'system', 'instructions', 'assistant', 'user'])
    expect(resolve({ sanitizerTags: ['secret'] }).sanitizerTags).toEqual(['secret'])
  })

  it('gives each config its own copy of the default list', () => {
    resolve().sanitizerTags.push('mutated')
    expect(resolve().sanitizerTags).not.toContain('mutated')
  })

  it.each([[{ sanitizerTags: 'system' }], [{ sanitizerTags: ['system', ''] }]])('names the bad key (%j)', (file) => {
    expectConfigError(() => resolve(file as ChatbotConfig), 'sanitizerTags')
  })
})
