import type { PruneCounts } from '@chatbot-kit/kernel'

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

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** Retention pruning (provided by the retention plugin). */
    prune: (options?: PruneOptions) => Promise<PruneReport>
  }
}
