import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveChannelSettings, resolveConfig, type ChatbotConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { extractorsPlugin } from '../src/index.js'

const resolve = (config: ChatbotConfig = {}) => resolveConfig(config, {}, { plugins: [extractorsPlugin()] })

describe('extractors options', () => {
  it('are per channel only: none allowed, 250 ms and 8192 bytes unless the block sets them', () => {
    const config = resolve({ channels: { shop: { allowedExtractors: ['cart'], extractorTimeoutMs: 500 } } })
    expect(resolveChannelSettings(config, 'default')).toMatchObject({ allowedExtractors: [], extractorTimeoutMs: 250, extractorSizeCapBytes: 8192 })
    expect(resolveChannelSettings(config, 'shop')).toMatchObject({ allowedExtractors: ['cart'], extractorTimeoutMs: 500, extractorSizeCapBytes: 8192 })
    expect(config).not.toHaveProperty('allowedExtractors')
  })

  it.each([
    [{ channels: { shop: { allowedExtractors: 'cart' } } }, 'channels.shop.allowedExtractors'],
    [{ channels: { shop: { extractorTimeoutMs: 0 } } }, 'channels.shop.extractorTimeoutMs'],
    [{ channels: { shop: { extractorTimeoutMs: 60_001 } } }, 'channels.shop.extractorTimeoutMs'],
    [{ channels: { shop: { extractorSizeCapBytes: 8 } } }, 'channels.shop.extractorSizeCapBytes'],
    [{ channels: { shop: { extractorSizeCapBytes: 1_048_577 } } }, 'channels.shop.extractorSizeCapBytes'],
  ])('names the bad key (%j)', (file, key) => {
    expectConfigError(() => resolve(file as ChatbotConfig), key)
  })
})
