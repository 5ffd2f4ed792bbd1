/** How long a dropped reply keeps reconnecting, counted from its last event, before it shows an error. */
export const RECONNECT_WINDOW_MS = 60_000

/**
 * The wait before reconnection `attempt` (from 0): 0.5 s doubling up to 8 s, each ±25 % so that
 * the tabs and pages that lost one server do not all come back in the same instant.
 */
export const backoffDelay = (attempt: number, random = Math.random): number => Math.min(500 * 2 ** attempt, 8000) * (0.75 + random() / 2)

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks which). */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
