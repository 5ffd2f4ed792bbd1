import type { Storage } from 'unstorage'

/**
 * Exact, shared counters for throttle windows and token quotas. Counts are fixed windows: the
 * first increment of a key starts its TTL and later increments never extend it.
 * Keys are unstorage keys (`/` and `\` read as `:`), shared with `storage`.
 */
export interface CounterStore {
  /** Adds `by` (an integer) atomically and returns the new value; a new key lives `ttlSeconds`. */
  increment(key: string, by: number, ttlSeconds: number): Promise<number>
  /** The current value; 0 when the key is absent or expired. */
  get(key: string): Promise<number>
  /** Resolves when the store answers, rejects when it does not (health's `checks.counters`). */
  ping(): Promise<void>
  /** The underlying unstorage instance, for plugins that need plain key-value. */
  storage: Storage
  /** Releases the connection (Redis) or the data (memory). */
  close(): Promise<void>
}

export interface CounterStoreOptions {
  /** Redis only: a namespace for every key, for several apps or test runs sharing one Redis. */
  base?: string
}

export function assertIncrement(by: number, ttlSeconds: number): void {
  // Redis INCRBY takes integers only; rejecting fractions here keeps memory and Redis alike.
  if (!Number.isSafeInteger(by)) throw new TypeError(`Counter increment must be an integer, got ${by}.`)
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new TypeError(`Counter TTL must be a positive number of seconds, got ${ttlSeconds}.`)
}
