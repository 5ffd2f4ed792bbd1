import { ChatbotException } from './errors/index.js'
import type { PruneCounts } from './storage/index.js'
import type { Identity } from './turn/types.js'

export interface QuotaBudget {
  used: number
  limit: number
  remaining: number
}

/** `chatbot.quota(identity)`: today's token use against the daily quota. */
export interface QuotaStatus {
  input: QuotaBudget
  output: QuotaBudget
  /** The next UTC midnight, ISO 8601 with offset. */
  resetsAt: string
}

export interface PruneOptions {
  dryRun?: boolean
  /** Only this channel (a configured one, or one with stored conversations). */
  channel?: string
  /** After each deleted batch (once per channel for a dry run), with the channel's running totals. */
  onProgress?: (progress: PruneCounts & { channel: string }) => void
}

/** One channel of a prune: its rule, and what went (or would go). */
export interface PruneChannelReport extends PruneCounts {
  /** The channel's effective `retentionDays`; `null` keeps it forever and nothing is checked. */
  retentionDays: number | null
  /** Conversations older than this instant (ISO 8601) go; `null` when kept forever. */
  cutoff: string | null
}

export interface PruneReport {
  dryRun: boolean
  channels: Record<string, PruneChannelReport>
  total: PruneCounts
}

export interface RenderSnapshotOptions {
  /** The channel whose widget may read the region. */
  channel: string
}

/**
 * Facade features that a plugin provides (the quota, retention and extractors plugins). The kernel
 * knows only their shape; `chatbot.provide(name, implementation)` plugs one in.
 */
export interface ChatbotServices {
  quota: (identity: Identity) => Promise<QuotaStatus>
  prune: (options?: PruneOptions) => Promise<PruneReport>
  renderSnapshot: (html: string, options: RenderSnapshotOptions) => string
}

export function createServices() {
  const services: Partial<ChatbotServices> = {}
  return {
    provide<N extends keyof ChatbotServices>(name: N, implementation: ChatbotServices[N]): void {
      services[name] = implementation
    },
    get<N extends keyof ChatbotServices>(name: N): ChatbotServices[N] {
      const implementation = services[name]
      if (!implementation) throw new ChatbotException(`No plugin provides "${name}".`, { code: 'not_available', status: 501 })
      return implementation
    },
  }
}
