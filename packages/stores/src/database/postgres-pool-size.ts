import { configError } from '../failures.js'

/** The most connections one instance's pool may hold: a larger pool only moves the wait into Postgres. */
export const MAX_POOL_SIZE = 1000

/**
 * The Postgres pool's size: the URL's `max` parameter (as `pg` names it) when present, else
 * `poolSize` (config `database.poolSize`). `pg` reads `max` only from its options, never from the
 * URL, so the parameter is taken out of the URL here and handed to the pool.
 */
export function postgresPoolSize(url: string, poolSize: number): { url: string; max: number } {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  const raw = parsed?.searchParams.get('max')
  if (!parsed || raw == null) return { url, max: poolSize }
  const max = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(max >= 1 && max <= MAX_POOL_SIZE)) {
    throw configError('database', `the URL's "max" (the pool size) must be a whole number from 1 to ${MAX_POOL_SIZE}, got "${raw}"`)
  }
  parsed.searchParams.delete('max')
  return { url: parsed.toString(), max }
}
