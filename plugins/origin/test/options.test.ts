import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveChannelSettings, resolveConfig, type ChatbotConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { originPlugin } from '../src/index.js'

const resolve = (config: ChatbotConfig = {}, env: Record<string, string> = {}) => resolveConfig(config, env, { plugins: [originPlugin()] })

describe('origin options', () => {
  it('defaults to no list (any origin), on every channel', () => {
    const config = resolve({ channels: { support: {} } })
    expect(config.origins).toEqual([])
    expect(resolveChannelSettings(config, 'support').origins).toEqual([])
  })

  it('reads CHATBOT_ORIGINS as a comma list that beats the file; an empty one is unset, never "any origin"', () => {
    expect(resolve({ origins: ['https://file.example'] }, { CHATBOT_ORIGINS: ' https://a.example , https://b.example:8443,' }).origins).toEqual(['https://a.example', 'https://b.example:8443'])
    expect(resolve({ origins: ['https://file.example'] }, { CHATBOT_ORIGINS: '' }).origins).toEqual(['https://file.example'])
  })

  it("gives each channel the top-level list unless its block sets its own (an empty one allows any origin)", () => {
    const config = resolve({ origins: ['https://shop.example.com'], channels: { support: { origins: ['https://help.example.com'] }, open: { origins: [] }, other: {} } })
    expect(resolveChannelSettings(config, 'default').origins).toEqual(['https://shop.example.com'])
    expect(resolveChannelSettings(config, 'other').origins).toEqual(['https://shop.example.com'])
    expect(resolveChannelSettings(config, 'support').origins).toEqual(['https://help.example.com'])
    expect(resolveChannelSettings(config, 'open').origins).toEqual([])
  })

  it.each([
    [{ origins: ['https://shop.example.com/'] }, {}, 'origins'],
    [{ origins: ['https://shop.example.com/chat'] }, {}, 'origins'],
    [{ origins: ['shop.example.com'] }, {}, 'origins'],
    [{ origins: ['ftp://shop.example.com'] }, {}, 'origins'],
    [{ origins: ['https://user@shop.example.com'] }, {}, 'origins'],
    [{ origins: ['null'] }, {}, 'origins'],
    [{ origins: ['https://*.com'] }, {}, 'origins'],
    [{ origins: ['https://*.10.0.0.1'] }, {}, 'origins'],
    [{ origins: ['https://shop.*.example.com'] }, {}, 'origins'],
    [{ origins: ['https://*example.com'] }, {}, 'origins'],
    [{ origins: 'https://shop.example.com' }, {}, 'origins'],
    [{ origins: [''] }, {}, 'origins'],
    [{}, { CHATBOT_ORIGINS: 'https://ok.example,shop.example.com' }, 'origins'],
    [{ channels: { support: { origins: ['https://help.example.com/'] } } }, {}, 'channels.support.origins'],
  ])('refuses %j %j naming %s', (file, env, key) => {
    expectConfigError(() => resolve(file as ChatbotConfig, env), key)
  })

  it('says what is wrong with the entry', () => {
    expect(() => resolve({ origins: ['https://shop.example.com/'] })).toThrow(
      'Invalid configuration "origins": expected an origin such as "https://shop.example.com" (http or https, no path, no trailing /), got "https://shop.example.com/"',
    )
    expect(() => resolve({ channels: { support: { origins: ['https://*.com'] } } })).toThrow(
      'Invalid configuration "channels.support.origins": a wildcard needs a domain of at least two labels after it, as in "https://*.example.com", got "https://*.com"',
    )
  })
})
