import type { Redis } from 'ioredis'
import { createStorage, normalizeKey } from 'unstorage'
import redisDriver from 'unstorage/drivers/redis'
import { countersUnavailable } from '../failures.js'
import { FAIL_FAST, reasonOf, reportOutages } from './redis-connection.js'
import { missingRedisPermission } from './redis-permissions.js'
import { GET_SCRIPT, INCREMENT_SCRIPT, RELEASE_SCRIPT, RESERVE_SCRIPT } from './redis-scripts.js'
import { assertIncrement, assertReserve, type CounterStore, type CounterStoreOptions } from './types.js'

/** Where the permission probe writes, under the store's base; it expires in a second. */
const PROBE_KEY = '~permissions'

export interface RedisPermissionCheck {
  /** Which permission the Redis user lacks for the counters, or `undefined`; throws when Redis does not answer. */
  missingPermission(): Promise<string | undefined>
}

/**
 * Counters shared by every server instance on one Redis. Keys are written through the driver's
 * own ioredis client with the driver's base, so `storage.getItem(key)` sees the same value; the
 * leases of `key` are a hash at `key:~leases`.
 *
 * Every call fails within about two seconds when Redis does not answer, with a retryable
 * `counters_unavailable` StoresError (the kernel answers 503): throttle and quota refuse rather than hang or let
 * requests through uncounted. The client keeps reconnecting, so the store recovers by itself.
 */
export function createRedisCounterStore(url: string, options: CounterStoreOptions = {}): CounterStore & RedisPermissionCheck {
  const driver = redisDriver({ url, ...FAIL_FAST, ...(options.base ? { base: options.base } : {}) })
  const storage = createStorage({ driver })
  // The driver's client is a plain Redis one for a URL (a Cluster only for `cluster` options).
  const client = driver.getInstance!() as Redis
  reportOutages(client, options.logger ?? console)
  const base = normalizeKey(options.base)
  const redisKey = (key: string) => (base ? `${base}:${normalizeKey(key)}` : normalizeKey(key))
  const keys = (key: string) => [redisKey(key), `${redisKey(key)}:~leases`] as const

  const call = async <T>(command: () => Promise<T>): Promise<T> => {
    // Known to be down: refuse at once rather than queue until the next attempt fails.
    if (client.status === 'reconnecting') throw countersUnavailable('reconnecting')
    try {
      return await command()
    } catch (error) {
      throw countersUnavailable(reasonOf(error), error)
    }
  }

  return {
    storage,
    async increment(key, by, ttlSeconds) {
      assertIncrement(by, ttlSeconds)
      return Number(await call(() => client.eval(INCREMENT_SCRIPT, 1, redisKey(key), by, Math.ceil(ttlSeconds * 1000))))
    },
    async reserve(key, leaseId, amount, limit, leaseOptions) {
      const { atLeast, leaseMs } = assertReserve(leaseId, amount, limit, leaseOptions)
      const [granted, remaining] = (await call(() => client.eval(RESERVE_SCRIPT, 2, ...keys(key), leaseId, amount, limit, leaseMs, atLeast))) as [number, number]
      return { granted: Number(granted), remaining: Number(remaining) }
    },
    async release(key, leaseId, charge) {
      if (charge) assertIncrement(charge.by, charge.ttlSeconds)
      const ttlMs = charge ? Math.ceil(charge.ttlSeconds * 1000) : 1
      await call(() => client.eval(RELEASE_SCRIPT, 2, ...keys(key), leaseId, charge?.by ?? 0, ttlMs))
    },
    async ping() {
      // Every command the scripts run, not a PING: a user without them is no counter store.
      const missing = await call(() => missingRedisPermission(client, redisKey(PROBE_KEY)))
      if (missing) throw countersUnavailable(missing)
    },
    missingPermission: () => missingRedisPermission(client, redisKey(PROBE_KEY)),
    async get(key) {
      return Number(await call(() => client.eval(GET_SCRIPT, 2, ...keys(key), '')))
    },
    async close() {
      await storage.dispose()
    },
  }
}
