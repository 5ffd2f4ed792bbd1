import type { H3Event, Middleware } from 'h3'
import type { ChatbotPlugin } from '../plugin.js'
import type { ChatbotTool } from '../tools/types.js'

export interface ThrottleConfig {
  perMinute?: number
  perDay?: number
}

/** A per-channel block: absent keys fall back to the top-level value. */
export interface ChannelConfig {
  model?: string
  prompt?: string
  greeting?: string
  summary?: string | (() => string)
  throttle?: ThrottleConfig
  retentionDays?: number | null
  allowedTools?: string[]
  allowedExtractors?: string[]
  extractorTimeoutMs?: number
  extractorSizeCapBytes?: number
}

export interface HostIdentity {
  userId: string
}

/** What a host writes in `chatbot.config.ts`. Every key is optional; see docs/configuration.md. */
export interface ChatbotConfig {
  baseUrl?: string
  apiKey?: string
  model?: string
  /** Base system prompt, before the channel prompt. */
  prompt?: string
  provider?: {
    supportsTools?: boolean
    /**
     * The `fetch` the provider is called with (a proxy agent, an instrumented fetch), through
     * ofetch. Unset: Node's `http`/`https` with keep-alive, the faster path. Config file only.
     */
    fetch?: typeof globalThis.fetch
  }
  routeMiddleware?: string[]
  middleware?: Record<string, Middleware>
  sanitizerTags?: string[]
  playwrightFixture?: { enabled?: boolean }
  throttle?: ThrottleConfig & {
    exempt?: string[]
    /** Read the client address from `X-Forwarded-For`: `true` (one proxy) or the number of trusted proxy hops; see docs/limits.md. */
    trustProxy?: boolean | number
  }
  conversationTtl?: number
  retentionDays?: number | null
  streamDuration?: number
  tokenCap?: number
  dailyQuota?: { input?: number; output?: number }
  context?: { sectionSizeCap?: number }
  tools?: {
    maxCallsPerTurn?: number
    defaultTimeout?: number
    replayFreshness?: number
    defaultMaxArgLength?: number
    resultSizeCap?: number
    definitions?: ChatbotTool[]
  }
  channels?: Record<string, ChannelConfig>
  appKey?: string
  appKeyPrevious?: string[]
  database?: string
  storage?: string
  admin?: { token?: string }
  identify?: (event: H3Event) => HostIdentity | null | undefined | Promise<HostIdentity | null | undefined>
  plugins?: ChatbotPlugin[]
  /** Path prefix of every route. */
  base?: string
}

type DeepRequired<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends (...args: never[]) => unknown
    ? T[K]
    : NonNullable<T[K]> extends unknown[]
      ? NonNullable<T[K]>
      : NonNullable<T[K]> extends object
        ? DeepRequired<NonNullable<T[K]>>
        : NonNullable<T[K]>
}

/** The configuration after defaults, the config file and the environment are merged and validated. */
export interface ResolvedConfig
  extends DeepRequired<Omit<ChatbotConfig, 'apiKey' | 'identify' | 'admin' | 'channels' | 'retentionDays' | 'middleware' | 'tools' | 'throttle' | 'provider'>> {
  apiKey: string | undefined
  identify: ChatbotConfig['identify']
  admin: { token: string | undefined }
  provider: { supportsTools: boolean; fetch: typeof globalThis.fetch | undefined }
  channels: Record<string, ChannelConfig>
  retentionDays: number | null
  middleware: Record<string, Middleware>
  throttle: Required<ThrottleConfig> & { exempt: string[]; trustProxy: boolean | number }
  tools: Required<NonNullable<ChatbotConfig['tools']>>
}
