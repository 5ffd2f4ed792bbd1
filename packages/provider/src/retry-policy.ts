/** Full-jitter windows never grow past this: a provider down for longer is better reported. */
const MAX_BACKOFF_MS = 8_000

/** `setTimeout`'s limit: a longer `Retry-After` (with no deadline set) is a failure, not a wait. */
export const MAX_WAIT_MS = 2 ** 31 - 1

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
