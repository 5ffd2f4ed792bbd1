import { configError } from '../failures.js'

export interface PostgresTimeouts {
  /** The URL without the parameters read here, so `pg` does not read them again as text. */
  url: string
  /** Opening a connection, and waiting for a free one when the pool is full. */
  connectionTimeoutMillis: number
  /** Gives up on an answer that is late or never comes (a frozen connection); that connection is then closed. */
  query_timeout: number
}

/** Node's timers hold at most 2^31 - 1 ms; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The time limits of every Postgres call: the defaults, or the URL's `connect_timeout` (seconds,
 * as libpq reads it) and `query_timeout` (milliseconds, as `pg` reads it) parameters; 0 turns one
 * off, e.g. `postgres://…/chat?query_timeout=0` for a long migration. A server-side
 * `statement_timeout` is not set by default, as PgBouncer refuses it as a start-up parameter;
 * `pg` passes one from the URL as it is.
 */
export function postgresTimeouts(url: string): PostgresTimeouts {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  let rewritten = false
  const read = (name: string, unitMs: number, fallbackMs: number) => {
    const raw = parsed?.searchParams.get(name)
    if (!parsed || raw == null) return fallbackMs
    parsed.searchParams.delete(name)
    rewritten = true
    return parseTimeout(name, raw, unitMs)
  }
  const connectionTimeoutMillis = read('connect_timeout', 1000, 5_000)
  const query_timeout = read('query_timeout', 1, 10_000)
  // Untouched otherwise: `URL` would re-encode parts of a URL that `pg` reads fine as it is.
  return { url: rewritten && parsed ? parsed.toString() : url, connectionTimeoutMillis, query_timeout }
}

function parseTimeout(name: string, raw: string, unitMs: number): number {
  const ms = /^\d+$/.test(raw) ? Number(raw) * unitMs : Number.NaN
  if (!(ms <= MAX_TIMER_MS)) {
    throw configError('database', `the URL's "${name}" must be a whole number of ${unitMs === 1 ? 'milliseconds' : 'seconds'} up to ${Math.floor(MAX_TIMER_MS / unitMs)}, got "${raw}"`)
  }
  return ms
}
