import { createStorage, normalizeKey } from 'unstorage'
import memoryDriver from 'unstorage/drivers/memory'
import { assertIncrement, type CounterStore } from './types.js'

const SWEEP_INTERVAL_MS = 60_000

/**
 * Counters in this process. Each increment runs synchronously on the driver's Map, so no other
 * call can interleave. The v1 memory driver ignores TTL, so expiry times live in a side Map;
 * the count itself stays a plain number so `storage.getItem(key)` reads it too.
 */
export function createMemoryCounterStore(): CounterStore {
  const driver = memoryDriver()
  const storage = createStorage({ driver })
  const data = driver.getInstance!()
  const expiries = new Map<string, number>()
  let nextSweep = Date.now() + SWEEP_INTERVAL_MS

  // An expired count is deleted on sight; a plain value stored over a counter key is left alone.
  const live = (key: string, now: number): number | undefined => {
    const expiresAt = expiries.get(key)
    if (expiresAt === undefined) return undefined
    const value: unknown = data.get(key)
    if (typeof value === 'number' && expiresAt > now) return value
    expiries.delete(key)
    if (typeof value === 'number') data.delete(key)
    return undefined
  }

  // Throttle keys are per IP: without a sweep, one-off visitors would grow the Map forever.
  const sweep = (now: number) => {
    nextSweep = now + SWEEP_INTERVAL_MS
    for (const key of expiries.keys()) live(key, now)
  }

  return {
    storage,
    async increment(key, by, ttlSeconds) {
      assertIncrement(by, ttlSeconds)
      const id = normalizeKey(key)
      const now = Date.now()
      if (now >= nextSweep) sweep(now)
      const current = live(id, now)
      const value = (current ?? 0) + by
      data.set(id, value)
      if (current === undefined) expiries.set(id, now + ttlSeconds * 1000)
      return value
    },
    async ping() {},
    async get(key) {
      return live(normalizeKey(key), Date.now()) ?? 0
    },
    async close() {
      expiries.clear()
      await storage.dispose()
    },
  }
}
