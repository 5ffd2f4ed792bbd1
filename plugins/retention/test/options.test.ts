import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveChannelSettings, resolveConfig, type ChatbotConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { retentionPlugin } from '../src/index.js'

const resolve = (config: ChatbotConfig = {}, env: Record<string, string> = {}) => resolveConfig(config, env, { plugins: [retentionPlugin()] })

describe('retention options', () => {
  it('defaults retentionDays to 30; a channel without its own takes the top-level value', () => {
    const config = resolve({ channels: { support: {} } })
    expect(config.retentionDays).toBe(30)
    expect(resolveChannelSettings(config, 'support').retentionDays).toBe(30)
  })

  it('reads CHATBOT_RETENTION_DAYS, where null, none or empty keep forever', () => {
    expect(resolve({ retentionDays: 10 }, { CHATBOT_RETENTION_DAYS: '7' }).retentionDays).toBe(7)
    for (const raw of ['null', 'NONE', '']) expect(resolve({ retentionDays: 10 }, { CHATBOT_RETENTION_DAYS: raw }).retentionDays).toBeNull()
  })

  it("a channel's null keeps forever and beats the top level; its number beats env", () => {
    const config = resolve({ channels: { archive: { retentionDays: null }, support: { retentionDays: 7 } } }, { CHATBOT_RETENTION_DAYS: '90' })
    expect(resolveChannelSettings(config, 'archive').retentionDays).toBeNull()
    expect(resolveChannelSettings(config, 'support').retentionDays).toBe(7)
    expect(resolveChannelSettings(config, 'default').retentionDays).toBe(90)
  })

  it.each([
    [{ retentionDays: -1 }, {}, 'retentionDays'],
    [{ retentionDays: 36_501 }, {}, 'retentionDays'],
    [{}, { CHATBOT_RETENTION_DAYS: 'forever' }, 'CHATBOT_RETENTION_DAYS'],
    [{ channels: { support: { retentionDays: 1.5 } } }, {}, 'channels.support.retentionDays'],
  ])('names the bad key (%j %j)', (file, env, key) => {
    expectConfigError(() => resolve(file as ChatbotConfig, env), key)
  })
})
