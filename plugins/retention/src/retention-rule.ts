import type { PruneConversationsOptions } from '@chatbot-kit/kernel'

const DAY_MS = 86_400_000

export interface RetentionRule {
  /** The instant the bound is measured against. */
  cutoff: Date
  bounds: Pick<PruneConversationsOptions, 'inactiveBefore' | 'startedBefore'>
}

/**
 * What a channel's `retentionDays` lets go as of `now`: `null` keeps everything; `n` days takes
 * conversations last active more than `n` days ago; `0` takes every conversation whose
 * `conversationTtl` has expired (it started longer ago than the TTL, so no message can reach it).
 */
export function retentionRule(retentionDays: number | null, conversationTtlSeconds: number, now: Date): RetentionRule | null {
  if (retentionDays === null) return null
  if (retentionDays === 0) {
    const cutoff = new Date(now.getTime() - conversationTtlSeconds * 1000)
    return { cutoff, bounds: { startedBefore: cutoff } }
  }
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS)
  return { cutoff, bounds: { inactiveBefore: cutoff } }
}
