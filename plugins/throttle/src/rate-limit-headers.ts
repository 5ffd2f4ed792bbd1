const WINDOW_SECONDS = { minute: 60, day: 86_400 }

interface Window {
  name: 'minute' | 'day'
  limit: number
}

/**
 * The `RateLimit-Policy` and `RateLimit` fields of draft-ietf-httpapi-ratelimit-headers (-10) for
 * a refused request: every policy (`"minute";q=20;w=60, "day";q=200;w=86400`), and the windows
 * that refused it, with no request left until their reset (`"minute";r=0;t=18`). Listing only
 * those keeps every `t` at or before `Retry-After`, as the draft asks: a window with room left
 * would announce its reset at midnight beside a `Retry-After` of seconds.
 */
export function rateLimitHeaders(windows: Window[], refusedBy: (Window & { resetIn: number })[]): Record<string, string> {
  return {
    'ratelimit-policy': windows.map((window) => `"${window.name}";q=${window.limit};w=${WINDOW_SECONDS[window.name]}`).join(', '),
    ratelimit: refusedBy.map((window) => `"${window.name}";r=0;t=${window.resetIn}`).join(', '),
  }
}
