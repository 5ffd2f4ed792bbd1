import { describe, expect, it } from 'vitest'
import { ChatbotConfigException, resolveChannelSettings } from '@chatbot-kit/kernel'
import { resolveConfig } from '../src/create.js'

describe('resolveConfig', () => {
  it('starts from the spec defaults', () => {
    const config = resolveConfig({}, {})
    expect(config).toMatchObject({
      routeMiddleware: ['web'],
      throttle: { perMinute: 20, perDay: 200, exempt: ['chatbot.health', 'chatbot.widget-js', 'chatbot.admin.console'] },
      conversationTtl: 86_400,
      retentionDays: 30,
      streamDuration: 60,
      tokenCap: 32_768,
      dailyQuota: { input: 200_000, output: 50_000 },
      context: { sectionSizeCap: 4096 },
      tools: { maxCallsPerTurn: 5, defaultTimeout: 10, replayFreshness: 300, defaultMaxArgLength: 10_240, resultSizeCap: 4096 },
      provider: { supportsTools: true, retries: 2 },
      playwrightFixture: { enabled: false },
      database: { url: '.data/chatbot.sqlite', tablePrefix: '', schema: undefined },
      storage: 'memory:',
      channels: { default: {} },
      base: '/chatbot',
    })
  })

  it('lets env beat the file, and the file beat the defaults', () => {
    const config = resolveConfig(
      { model: 'file-model', tokenCap: 1000, throttle: { perMinute: 5 } },
      { CHATBOT_MODEL: 'env-model', CHATBOT_THROTTLE_PER_DAY: '9', CHATBOT_ROUTE_MIDDLEWARE: '', CHATBOT_RETENTION_DAYS: 'null', CHATBOT_PROVIDER_SUPPORTS_TOOLS: 'false' },
    )
    expect(config.model).toBe('env-model')
    expect(config.tokenCap).toBe(1000)
    expect(config.throttle).toMatchObject({ perMinute: 5, perDay: 9 })
    expect(config.routeMiddleware).toEqual([])
    expect(config.retentionDays).toBeNull()
    expect(config.provider.supportsTools).toBe(false)
  })

  it('takes database as a URL or an object, and env for each of its keys', () => {
    expect(resolveConfig({ database: 'app.sqlite' }, {}).database).toEqual({ url: 'app.sqlite', tablePrefix: '', schema: undefined, poolSize: 10 })
    expect(resolveConfig({ database: 'app.sqlite' }, { CHATBOT_DATABASE_TABLE_PREFIX: 'cb_' }).database).toMatchObject({ url: 'app.sqlite', tablePrefix: 'cb_' })
    const fromEnv = resolveConfig({ database: { tablePrefix: 'mine_' } }, { CHATBOT_DATABASE_URL: 'postgres://db/app', CHATBOT_DATABASE_SCHEMA: 'chat', CHATBOT_DATABASE_POOL_SIZE: '4' })
    expect(fromEnv.database).toEqual({ url: 'postgres://db/app', tablePrefix: 'mine_', schema: 'chat', poolSize: 4 })
    expect(resolveConfig({}, { CHATBOT_PROVIDER_RETRIES: '0' }).provider.retries).toBe(0)
  })

  it('reads shutdown.drainDelay, 0 by default, from the config or CHATBOT_SHUTDOWN_DRAIN_DELAY', () => {
    expect(resolveConfig({}, {}).shutdown.drainDelay).toBe(0)
    expect(resolveConfig({ shutdown: { drainDelay: 5 } }, {}).shutdown.drainDelay).toBe(5)
    expect(resolveConfig({ shutdown: { drainDelay: 5 } }, { CHATBOT_SHUTDOWN_DRAIN_DELAY: '8' }).shutdown.drainDelay).toBe(8)
    expect(() => resolveConfig({ shutdown: { drainDelay: -1 } }, {})).toThrow(/"shutdown\.drainDelay": expected a whole number from 0 to 3,600/)
    expect(() => resolveConfig({ database: { url: 'postgres://db/app', poolSize: 0 } }, {})).toThrow(/"database\.poolSize": expected a whole number from 1 to 1,000/)
  })

  it('reads comma lists from env', () => {
    const config = resolveConfig({}, { CHATBOT_ROUTE_MIDDLEWARE: 'web, throttle:api', CHATBOT_APP_KEY_PREVIOUS: 'a,b' })
    expect(config.routeMiddleware).toEqual(['web', 'throttle:api'])
    expect(config.appKeyPrevious).toEqual(['a', 'b'])
  })

  it('reads throttle.trustProxy as false by default, a flag or a hop count', () => {
    expect(resolveConfig({}, {}).throttle.trustProxy).toBe(false)
    expect(resolveConfig({}, { CHATBOT_THROTTLE_TRUST_PROXY: 'true' }).throttle.trustProxy).toBe(true)
    expect(resolveConfig({ throttle: { trustProxy: true } }, { CHATBOT_THROTTLE_TRUST_PROXY: '2' }).throttle.trustProxy).toBe(2)
  })

  it.each([
    [{}, { CHATBOT_TOKEN_CAP: 'lots' }, 'CHATBOT_TOKEN_CAP'],
    [{}, { CHATBOT_THROTTLE_TRUST_PROXY: 'sometimes' }, 'CHATBOT_THROTTLE_TRUST_PROXY'],
    [{ throttle: { trustProxy: -1 } }, {}, 'throttle.trustProxy'],
    [{}, { CHATBOT_PROVIDER_SUPPORTS_TOOLS: 'maybe' }, 'CHATBOT_PROVIDER_SUPPORTS_TOOLS'],
    [{ tokenCap: -1 }, {}, 'tokenCap'],
    [{ throttle: { perMinute: 1.5 } }, {}, 'throttle.perMinute'],
    [{ context: { sectionSizeCap: 0 } }, {}, 'context.sectionSizeCap'],
    [{ baseUrl: 'not a url' }, {}, 'baseUrl'],
    [{ channels: { support: { throttle: { perDay: -3 } } } }, {}, 'channels.support.throttle.perDay'],
    [{ channels: { support: { allowedTools: ['ok', 3] } } }, {}, 'channels.support.allowedTools'],
    [{ channels: { 'bad name!': {} } }, {}, 'channels.bad name!'],
    [{ routeMiddleware: 'web' }, {}, 'routeMiddleware'],
    [{ provider: { fetch: 'https://proxy.example' } }, {}, 'provider.fetch'],
    [{ provider: { retries: -1 } }, {}, 'provider.retries'],
    [{ provider: { retries: 11 } }, {}, 'provider.retries'],
    [{}, { CHATBOT_PROVIDER_RETRIES: 'twice' }, 'CHATBOT_PROVIDER_RETRIES'],
    [{ database: { tablePrefix: 'bad-prefix' } }, {}, 'database.tablePrefix'],
    [{ database: { schema: 'drop table' } }, {}, 'database.schema'],
    [{ database: { url: '' } }, {}, 'database.url'],
    [{ database: 42 }, {}, 'database'],
    [{}, { CHATBOT_TOKEN_CAP: '99999999999999999999999' }, 'tokenCap'],
    [{}, { CHATBOT_STREAM_DURATION: '3000000' }, 'streamDuration'],
    [{ dailyQuota: { output: 2 ** 60 } }, {}, 'dailyQuota.output'],
    [{ shutdownGrace: -1 }, {}, 'shutdownGrace'],
    [{}, { CHATBOT_TELEMETRY_CAPTURE_CONTENT: 'sometimes' }, 'CHATBOT_TELEMETRY_CAPTURE_CONTENT'],
  ])('names the bad key (%j %j)', (file, env, key) => {
    let thrown: unknown
    try {
      resolveConfig(file as never, env as never)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ChatbotConfigException)
    expect((thrown as ChatbotConfigException).key).toBe(key)
    expect((thrown as Error).message).toContain(key)
    expect((thrown as ChatbotConfigException).code()).toBe('config_invalid')
  })
})

describe('resolveChannelSettings', () => {
  const config = resolveConfig(
    { model: 'top', retentionDays: 10, throttle: { perMinute: 7 }, channels: { support: { model: 'support-model', retentionDays: null, throttle: { perDay: 3 } } } },
    { CHATBOT_MODEL: 'env-model' },
  )

  it('falls back to top-level values and beats env with the channel block', () => {
    expect(resolveChannelSettings(config, 'default')).toMatchObject({ model: 'env-model', retentionDays: 10, throttle: { perMinute: 7, perDay: 200 }, extractorTimeoutMs: 250, extractorSizeCapBytes: 8192, allowedTools: [] })
    expect(resolveChannelSettings(config, 'support')).toMatchObject({ model: 'support-model', retentionDays: null, throttle: { perMinute: 7, perDay: 3 } })
  })

  it('lets runtime overrides beat the channel block', () => {
    expect(resolveChannelSettings(config, 'support', { model: 'runtime', greeting: 'Hi' })).toMatchObject({ model: 'runtime', greeting: 'Hi' })
  })
})
