import type { Storage } from 'unstorage'

/**
 * Exact, shared counters for throttle windows and token quotas. Counts are fixed windows: the
 * first increment of a key starts its TTL and later increments never extend it.
 * Keys are unstorage keys (`/` and `\` read as `:`), shared with `storage`.
 *
 * A key may also carry leases: amounts held against a limit until they are released or their
 * deadline passes, so the holdings of a process that died stop counting by themselves.
 */
export interface CounterStore {
  /** Adds `by` (an integer) atomically and returns the new value; a new key lives `ttlSeconds`. */
  increment(key: string, by: number, ttlSeconds: number): Promise<number>
  /** The settled count plus every live lease; 0 when the key is absent or expired. */
  get(key: string): Promise<number>
  /**
   * Adds to lease `leaseId` of `key` what fits under `limit` next to the settled count and the
   * live leases (all of them, on every instance: one atomic step), up to `amount`. A live lease's
   * deadline moves to `leaseSeconds` from now even when nothing is granted (`amount` 0 renews).
   */
  reserve(key: string, leaseId: string, amount: number, limit: number, options: LeaseOptions): Promise<LeaseGrant>
  /** Ends lease `leaseId` and, in the same step, adds `charge.by` to the settled count. */
  release(key: string, leaseId: string, charge?: { by: number; ttlSeconds: number }): Promise<void>
  /** Resolves when the store answers, rejects when it does not (health's `checks.counters`). */
  ping(): Promise<void>
  /** The underlying unstorage instance, for plugins that need plain key-value. */
  storage: Storage
  /** Releases the connection (Redis) or the data (memory). */
  close(): Promise<void>
}

export interface LeaseOptions {
  /** Seconds the lease lives from now, unless reserved on again. */
  leaseSeconds: number
  /** Grants nothing unless at least this much fits (default 1); `amount` makes it all or nothing. */
  atLeast?: number
}

export interface LeaseGrant {
  /** What was added to the lease, from 0 to `amount`. */
  granted: number
  /** What is left under the limit after this grant, at least 0 (a snapshot: others reserve too). */
  remaining: number
}

export interface CounterStoreOptions {
  /** Redis only: a namespace for every key, for several apps or test runs sharing one Redis. */
  base?: string
  /** Redis only: where outages and recoveries are reported, once each (default `console`). */
  logger?: Pick<Console, 'warn' | 'info'>
}

export function assertIncrement(by: number, ttlSeconds: number): void {
  // Redis INCRBY takes integers only; rejecting fractions here keeps memory and Redis alike.
  if (!Number.isSafeInteger(by)) throw new TypeError(`Counter increment must be an integer, got ${by}.`)
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new TypeError(`Counter TTL must be a positive number of seconds, got ${ttlSeconds}.`)
}

/** Checks a reservation's arguments; returns `atLeast` and the lease length in ms. */
export function assertReserve(leaseId: string, amount: number, limit: number, options: LeaseOptions): { atLeast: number; leaseMs: number } {
  const atLeast = options.atLeast ?? 1
  if (typeof leaseId !== 'string' || leaseId === '') throw new TypeError('A lease id must be a non-empty string.')
  for (const [name, value] of [['amount', amount], ['limit', limit], ['atLeast', atLeast]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`Lease ${name} must be a whole number ≥ 0, got ${value}.`)
  }
  if (!Number.isFinite(options.leaseSeconds) || options.leaseSeconds <= 0) throw new TypeError(`Lease length must be a positive number of seconds, got ${options.leaseSeconds}.`)
  return { atLeast, leaseMs: Math.ceil(options.leaseSeconds * 1000) }
}
