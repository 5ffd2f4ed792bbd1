import type { ChannelConfig, ResolvedConfig } from './types.js'

/** A channel's effective settings: runtime scope > channel block > top-level value > default. */
export interface ChannelSettings {
  name: string
  model: string
  prompt: string | undefined
  greeting: string | undefined
  summary: string | (() => string) | undefined
  throttle: { perMinute: number; perDay: number }
  retentionDays: number | null
  allowedTools: string[]
  allowedExtractors: string[]
  extractorTimeoutMs: number
  extractorSizeCapBytes: number
}

export function resolveChannelSettings(config: ResolvedConfig, name: string, runtime: ChannelConfig = {}): ChannelSettings {
  const block = { ...config.channels[name], ...runtime }
  return {
    name,
    model: block.model ?? config.model,
    prompt: block.prompt,
    greeting: block.greeting,
    summary: block.summary,
    throttle: {
      perMinute: block.throttle?.perMinute ?? config.throttle.perMinute,
      perDay: block.throttle?.perDay ?? config.throttle.perDay,
    },
    retentionDays: block.retentionDays === undefined ? config.retentionDays : block.retentionDays,
    allowedTools: block.allowedTools ?? [],
    allowedExtractors: block.allowedExtractors ?? [],
    extractorTimeoutMs: block.extractorTimeoutMs ?? 250,
    extractorSizeCapBytes: block.extractorSizeCapBytes ?? 8192,
  }
}
