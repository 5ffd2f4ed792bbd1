import { ChatbotConfigException } from '../errors/index.js'
import { defaultConfig } from './defaults.js'
import { configFromEnv } from './env.js'
import { isPlainObject } from './plain-object.js'
import type { ChannelConfig, ChatbotConfig, ResolvedConfig } from './types.js'

/** Defaults < config file < environment. Arrays and functions replace, plain objects merge. */
export function resolveConfig(config: ChatbotConfig = {}, env: Record<string, string | undefined> = process.env): ResolvedConfig {
  const merged = merge(merge(defaultConfig(), withDatabaseObject(config)), configFromEnv(env)) as ResolvedConfig
  merged.channels = { default: {}, ...merged.channels }
  validateConfig(merged)
  Object.defineProperty(merged, RESOLVED, { value: true })
  return merged
}

/** `database: 'file.sqlite'` is short for `database: { url: 'file.sqlite' }`. */
function withDatabaseObject(config: ChatbotConfig): ChatbotConfig {
  return typeof config.database === 'string' ? { ...config, database: { url: config.database } } : config
}

const RESOLVED = Symbol.for('chatbot-kit.resolved-config')

/** A config that already went through `resolveConfig` (so env is not applied twice). */
export function isResolvedConfig(config: object): config is ResolvedConfig {
  return (config as Record<symbol, unknown>)[RESOLVED] === true
}

function merge(base: object, override: object): object {
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue
    const current = out[key]
    out[key] = isPlainObject(current) && isPlainObject(value) && key !== 'middleware' ? merge(current, value) : value
  }
  return out
}

const DAY = 86_400
/** Whole-number keys: minimum and maximum. Maxima keep timers within Node's 2^31 ms and counts exact. */
const COUNTS: [string, (c: ResolvedConfig) => unknown, minimum: number, maximum: number][] = [
  ['throttle.perMinute', (c) => c.throttle.perMinute, 0, 1_000_000_000],
  ['throttle.perDay', (c) => c.throttle.perDay, 0, 1_000_000_000],
  ['conversationTtl', (c) => c.conversationTtl, 1, 3650 * DAY],
  ['streamDuration', (c) => c.streamDuration, 1, DAY],
  ['shutdownGrace', (c) => c.shutdownGrace, 0, 3600],
  ['tokenCap', (c) => c.tokenCap, 1, 10_000_000],
  ['dailyQuota.input', (c) => c.dailyQuota.input, 0, 1_000_000_000_000],
  ['dailyQuota.output', (c) => c.dailyQuota.output, 0, 1_000_000_000_000],
  ['context.sectionSizeCap', (c) => c.context.sectionSizeCap, 16, 16_777_216],
  ['tools.maxCallsPerTurn', (c) => c.tools.maxCallsPerTurn, 0, 1000],
  ['tools.defaultTimeout', (c) => c.tools.defaultTimeout, 0, DAY],
  ['tools.replayFreshness', (c) => c.tools.replayFreshness, 0, 365 * DAY],
  ['tools.defaultMaxArgLength', (c) => c.tools.defaultMaxArgLength, 1, 16_777_216],
  ['tools.resultSizeCap', (c) => c.tools.resultSizeCap, 16, 16_777_216],
  ['provider.retries', (c) => c.provider.retries, 0, 10],
]

function assertCount(key: string, value: unknown, minimum: number, maximum = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
    throw new ChatbotConfigException(key, `expected a whole number from ${minimum} to ${maximum.toLocaleString('en-US')}, got ${JSON.stringify(value)}`)
  }
}

function assertString(key: string, value: unknown, allowEmpty = false): void {
  if (typeof value !== 'string' || (!allowEmpty && value.trim() === '')) {
    throw new ChatbotConfigException(key, `expected a non-empty string, got ${JSON.stringify(value)}`)
  }
}

function assertStringList(key: string, value: unknown): void {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw new ChatbotConfigException(key, 'expected a list of non-empty strings')
  }
}

/** Throws `ChatbotConfigException` naming the first bad key. */
export function validateConfig(config: ResolvedConfig): void {
  for (const [key, read, minimum, maximum] of COUNTS) assertCount(key, read(config), minimum, maximum)
  if (config.retentionDays !== null) assertCount('retentionDays', config.retentionDays, 0, 36_500)
  if (!isPlainObject(config.telemetry) || typeof config.telemetry.captureContent !== 'boolean') throw new ChatbotConfigException('telemetry.captureContent', 'expected true or false')
  assertString('model', config.model)
  assertString('prompt', config.prompt, true)
  if (!isPlainObject(config.database)) throw new ChatbotConfigException('database', 'expected a URL or { url, tablePrefix?, schema? }')
  assertString('database.url', config.database.url)
  if (typeof config.database.tablePrefix !== 'string' || !/^[A-Za-z0-9_]{0,32}$/.test(config.database.tablePrefix)) {
    throw new ChatbotConfigException('database.tablePrefix', `expected letters, digits and _ (at most 32), got ${JSON.stringify(config.database.tablePrefix)}`)
  }
  if (config.database.schema !== undefined && (typeof config.database.schema !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(config.database.schema))) {
    throw new ChatbotConfigException('database.schema', `expected a Postgres schema name (letters, digits, _), got ${JSON.stringify(config.database.schema)}`)
  }
  assertString('storage', config.storage)
  try {
    new URL(config.baseUrl)
  } catch {
    throw new ChatbotConfigException('baseUrl', `expected an absolute URL, got ${JSON.stringify(config.baseUrl)}`)
  }
  if (!/^\/[\w\-/]*[^/]$/.test(config.base)) throw new ChatbotConfigException('base', `expected a path like /chatbot, got ${JSON.stringify(config.base)}`)
  assertStringList('routeMiddleware', config.routeMiddleware)
  assertStringList('sanitizerTags', config.sanitizerTags)
  assertStringList('throttle.exempt', config.throttle.exempt)
  const { trustProxy } = config.throttle
  if (typeof trustProxy !== 'boolean' && !(Number.isInteger(trustProxy) && trustProxy >= 0)) {
    throw new ChatbotConfigException('throttle.trustProxy', `expected true, false or a number of proxy hops, got ${JSON.stringify(trustProxy)}`)
  }
  if (typeof config.provider.supportsTools !== 'boolean') throw new ChatbotConfigException('provider.supportsTools', 'expected true or false')
  if (config.provider.fetch !== undefined && typeof config.provider.fetch !== 'function') throw new ChatbotConfigException('provider.fetch', 'expected a fetch function')
  if (!Array.isArray(config.plugins)) throw new ChatbotConfigException('plugins', 'expected a list of plugins')
  if (!isPlainObject(config.channels)) throw new ChatbotConfigException('channels', 'expected an object of channel blocks')
  for (const [name, channel] of Object.entries(config.channels)) validateChannel(name, channel)
}

function validateChannel(name: string, block: unknown): void {
  const key = (field: string) => `channels.${name}.${field}`
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(name)) throw new ChatbotConfigException(`channels.${name}`, 'a channel name is letters, digits, - and _')
  if (!isPlainObject(block)) throw new ChatbotConfigException(`channels.${name}`, 'expected an object')
  const channel = block as ChannelConfig
  for (const field of ['model', 'prompt', 'greeting'] as const) {
    if (channel[field] !== undefined) assertString(key(field), channel[field], field !== 'model')
  }
  if (channel.summary !== undefined && typeof channel.summary !== 'string' && typeof channel.summary !== 'function') {
    throw new ChatbotConfigException(key('summary'), 'expected a string or a function returning one')
  }
  if (channel.throttle?.perMinute !== undefined) assertCount(key('throttle.perMinute'), channel.throttle.perMinute, 0, 1_000_000_000)
  if (channel.throttle?.perDay !== undefined) assertCount(key('throttle.perDay'), channel.throttle.perDay, 0, 1_000_000_000)
  if (channel.retentionDays !== undefined && channel.retentionDays !== null) assertCount(key('retentionDays'), channel.retentionDays, 0, 36_500)
  if (channel.allowedTools !== undefined) assertStringList(key('allowedTools'), channel.allowedTools)
  if (channel.allowedExtractors !== undefined) assertStringList(key('allowedExtractors'), channel.allowedExtractors)
  if (channel.extractorTimeoutMs !== undefined) assertCount(key('extractorTimeoutMs'), channel.extractorTimeoutMs, 1, 60_000)
  if (channel.extractorSizeCapBytes !== undefined) assertCount(key('extractorSizeCapBytes'), channel.extractorSizeCapBytes, 16, 1_048_576)
}
