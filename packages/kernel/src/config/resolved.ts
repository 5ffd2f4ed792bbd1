import type { Middleware } from 'h3'
import type { ChannelConfig, ChatbotConfig } from './types.js'

/**
 * The configuration after defaults, the config file and the environment are merged and validated.
 * Plugins add their resolved keys by augmenting this interface, as they do `ChatbotConfig`.
 */
export interface ResolvedConfig {
  baseUrl: string
  apiKey: string | undefined
  model: string
  prompt: string
  provider: { api: 'chat' | 'responses'; supportsTools: boolean; fetch: typeof globalThis.fetch | undefined; retries: number; firstByteTimeout: number }
  routeMiddleware: string[]
  middleware: Record<string, Middleware>
  conversationTtl: number
  streamDuration: number
  stream: ResolvedStreamConfig
  shutdownGrace: number
  shutdown: { drainDelay: number }
  tokenCap: number
  context: { sectionSizeCap: number }
  channels: Record<string, ChannelConfig>
  appKey: string
  appKeyPrevious: string[]
  database: { url: string; tablePrefix: string; schema: string | undefined; poolSize: number }
  storage: string
  identify: ChatbotConfig['identify']
  base: string
  telemetry: { captureContent: boolean }
}

/** `stream` after resolving; a plugin adds its keys by augmenting this interface. */
export interface ResolvedStreamConfig {
  abortOnDisconnect: boolean
}

/**
 * A channel's effective settings: runtime scope > channel block > top-level value > default.
 * Plugins add the per-channel keys they declare by augmenting this interface.
 */
export interface ChannelSettings {
  name: string
  model: string
  prompt: string | undefined
  greeting: string | undefined
  summary: string | (() => string) | undefined
}
