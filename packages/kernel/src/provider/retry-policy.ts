import type { ProviderFailureKind } from '../errors/provider.js'

/** Full-jitter windows never grow past this: a provider down for longer is better reported. */
const MAX_BACKOFF_MS = 8_000

/** `setTimeout`'s limit: a longer `Retry-After` (with no deadline set) is a failure, not a wait. */
export const MAX_WAIT_MS = 2 ** 31 - 1

/**
 * The one rule for provider failures: whether sending the same request again may succeed. It
 * decides both what the retry loop sends again (before the first delta) and the `retryable` flag
 * the browser is told. A 408, 409, 429 or any 5xx (also as an error object inside a 200's
 * stream), no response at all, or a body that broke off may pass on a second try; other 4xx
 * would fail the same way again, and an unparsable event is a provider bug.
 */
export function isRetryableProviderFailure(kind: ProviderFailureKind, status?: number): boolean {
  if (kind !== 'status' || status === undefined) return kind === 'network' || kind === 'cut'
  return status === 408 || status === 409 || status === 429 || status >= 500
}

/**
 * The wait a `Retry-After` header asks for, in ms: delay-seconds (a fraction tolerated) or an
 * HTTP date (a past date is no wait). `undefined` when absent or unreadable, so backoff applies instead.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  // An HTTP date names its day or month; `Date.parse` alone would read "-1" or "1.5" as a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * Exponential backoff with full jitter: a random wait below `firstMs · 2^retry` (capped), so
 * many turns failing together do not come back together.
 */
export function backoffDelay(retry: number, firstMs: number, random = Math.random): number {
  return Math.floor(random() * Math.min(MAX_BACKOFF_MS, firstMs * 2 ** retry))
}

/** Resolves after `ms`; rejects with the signal's reason the moment it aborts (stop, disconnect, deadline). */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
