import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveChannelSettings, resolveConfig, type ChatbotConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { throttlePlugin } from '../src/index.js'

const resolve = (config: ChatbotConfig = {}, env: Record<string, string> = {}) => resolveConfig(config, env, { plugins: [throttlePlugin()] })

describe('throttle options', () => {
  it('defaults to 20 a minute, 200 a day, the health and widget routes exempt, no proxy trusted', () => {
    expect(resolve().throttle).toEqual({ perMinute: 20, perDay: 200, exempt: ['chatbot.health', 'chatbot.widget-js', 'chatbot.admin.console'], trustProxy: false })
  })

  it('lets env beat the file, and the file beat the defaults', () => {
    const config = resolve({ throttle: { perMinute: 5, perDay: 50, exempt: ['chatbot.health'] } }, { CHATBOT_THROTTLE_PER_DAY: '9' })
    expect(config.throttle).toEqual({ perMinute: 5, perDay: 9, exempt: ['chatbot.health'], trustProxy: false })
    expect(resolve({}, { CHATBOT_THROTTLE_PER_MINUTE: '3' }).throttle.perMinute).toBe(3)
  })

  it('reads trustProxy as a flag or a hop count, from the file or env', () => {
    expect(resolve({}, { CHATBOT_THROTTLE_TRUST_PROXY: 'true' }).throttle.trustProxy).toBe(true)
    expect(resolve({ throttle: { trustProxy: true } }, { CHATBOT_THROTTLE_TRUST_PROXY: '2' }).throttle.trustProxy).toBe(2)
    expect(resolve({ throttle: { trustProxy: 3 } }).throttle.trustProxy).toBe(3)
  })

  it('gives each channel the top-level limits unless its block sets its own', () => {
    const config = resolve({ throttle: { perMinute: 7 }, channels: { support: { throttle: { perDay: 3 } } } }, { CHATBOT_THROTTLE_PER_DAY: '90' })
    expect(resolveChannelSettings(config, 'default').throttle).toEqual({ perMinute: 7, perDay: 90 })
    expect(resolveChannelSettings(config, 'support').throttle).toEqual({ perMinute: 7, perDay: 3 })
  })

  it.each([
    [{ throttle: { perMinute: 1.5 } }, {}, 'throttle.perMinute'],
    [{}, { CHATBOT_THROTTLE_PER_DAY: 'lots' }, 'CHATBOT_THROTTLE_PER_DAY'],
    [{}, { CHATBOT_THROTTLE_TRUST_PROXY: 'sometimes' }, 'CHATBOT_THROTTLE_TRUST_PROXY'],
    [{ throttle: { trustProxy: -1 } }, {}, 'throttle.trustProxy'],
    [{ throttle: { exempt: ['chatbot.health', ''] } }, {}, 'throttle.exempt'],
    [{ channels: { support: { throttle: { perDay: -3 } } } }, {}, 'channels.support.throttle.perDay'],
  ])('names the bad key (%j %j)', (file, env, key) => {
    expectConfigError(() => resolve(file as ChatbotConfig, env), key)
  })

  it('keeps the old message for a bad trustProxy', () => {
    expect(() => resolve({ throttle: { trustProxy: -1 } })).toThrow('Invalid configuration "throttle.trustProxy": expected true, false or a number of proxy hops, got -1')
  })
})
