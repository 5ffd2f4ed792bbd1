import type { CounterStore } from '@chatbot-kit/kernel'
import { ChatbotThrottledException } from './errors.js'
import { rateLimitHeaders } from './rate-limit-headers.js'
import { currentWindows } from './windows.js'

export interface ThrottleLimits {
  perMinute: number
  perDay: number
}

// Keys outlive their window a little, so an instance whose clock lags still finds the same count.
const KEY_SLACK_SECONDS = 60

/**
 * Counts one request of a bucket in the minute and the day window and refuses it with 429 when
 * either is over its limit. A refused request is taken back from both windows, so the counts
 * are the requests that were let through. The 429 carries `Retry-After` and the IETF
 * `RateLimit-Policy` and `RateLimit` fields; answers that pass carry none (docs/limits.md).
 */
export function createThrottle(counters: CounterStore, options: { prefix: string; now: () => number }) {
  return async function hit(bucket: string, limits: ThrottleLimits): Promise<void> {
    const at = options.now()
    const windows = currentWindows(at).map((window) => ({
      ...window,
      key: `${options.prefix}:${window.name}:${window.id}:${bucket}`,
      limit: window.name === 'minute' ? limits.perMinute : limits.perDay,
      ttl: Math.ceil((window.end - at) / 1000) + KEY_SLACK_SECONDS,
    }))
    const counts = await Promise.all(windows.map((window) => counters.increment(window.key, 1, window.ttl)))
    const full = windows
      .filter((window, index) => counts[index]! > window.limit)
      .map((window) => ({ ...window, resetIn: Math.ceil((window.end - at) / 1000) }))
    if (full.length === 0) return
    await Promise.all(windows.map((window) => counters.increment(window.key, -1, window.ttl)))
    const retryAfter = Math.max(...full.map((window) => window.resetIn))
    const over = full.map((window) => `${window.limit} per ${window.name}`).join(' and ')
    throw new ChatbotThrottledException(`Too many requests (limit ${over}); retry in ${retryAfter} s.`, retryAfter, rateLimitHeaders(windows, full))
  }
}
