import type { ChannelConfig, ChatbotConfig } from './types.js'

/** A config's shape for the unknown-key warning: `true` a leaf, an object a block, `'record'` a map of free names. */
export type KeyTree = { [key: string]: true | 'record' | KeyTree }

/** The tree of `T`'s keys, so the type-check fails when a config key is added without its entry here. */
type ShapeOf<T> = {
  [K in keyof T]-?: [Block<T[K]>] extends [never] ? true : ShapeOf<Block<T[K]>> | 'record'
}
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any function is a leaf
type Block<V> = Exclude<NonNullable<V>, string | number | boolean | Function | readonly unknown[]>

/** Every key of a channel block (`ChannelConfig`). */
export const CHANNEL_KEYS = {
  model: true,
  prompt: true,
  greeting: true,
  summary: true,
  throttle: { perMinute: true, perDay: true },
  retentionDays: true,
  allowedTools: true,
  allowedExtractors: true,
  extractorTimeoutMs: true,
  extractorSizeCapBytes: true,
} satisfies ShapeOf<ChannelConfig> as KeyTree

/** Every key of `ChatbotConfig`; `channels` holds blocks of `CHANNEL_KEYS`. */
export const CONFIG_KEYS = {
  baseUrl: true,
  apiKey: true,
  model: true,
  prompt: true,
  provider: { supportsTools: true, fetch: true, retries: true },
  routeMiddleware: true,
  middleware: 'record',
  sanitizerTags: true,
  playwrightFixture: { enabled: true },
  throttle: { perMinute: true, perDay: true, exempt: true, trustProxy: true },
  conversationTtl: true,
  retentionDays: true,
  streamDuration: true,
  shutdownGrace: true,
  tokenCap: true,
  dailyQuota: { input: true, output: true },
  context: { sectionSizeCap: true },
  tools: { maxCallsPerTurn: true, defaultTimeout: true, replayFreshness: true, defaultMaxArgLength: true, resultSizeCap: true, definitions: true },
  channels: 'record',
  appKey: true,
  appKeyPrevious: true,
  database: { url: true, tablePrefix: true, schema: true },
  storage: true,
  admin: { token: true },
  identify: true,
  plugins: true,
  base: true,
  telemetry: { captureContent: true },
} satisfies ShapeOf<ChatbotConfig> as KeyTree
