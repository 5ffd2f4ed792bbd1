import { createStorage, normalizeKey } from 'unstorage'
import memoryDriver from 'unstorage/drivers/memory'
import { assertIncrement, assertReserve, type CounterStore } from './types.js'

const SWEEP_INTERVAL_MS = 60_000

interface Lease {
  amount: number
  deadline: number
}

/**
 * Counters in this process. Each call runs synchronously on the driver's Map, so no other call
 * can interleave. The v1 memory driver ignores TTL, so expiry times live in a side Map; the count
 * itself stays a plain number so `storage.getItem(key)` reads it too. Leases live beside it.
 */
export function createMemoryCounterStore(): CounterStore {
  const driver = memoryDriver()
  const storage = createStorage({ driver })
  const data = driver.getInstance!()
  const expiries = new Map<string, number>()
  const leases = new Map<string, Map<string, Lease>>()
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

  // The live leases of a key (expired ones deleted on sight) and what they hold together.
  const liveLeases = (key: string, now: number) => {
    const held = leases.get(key)
    let total = 0
    for (const [leaseId, lease] of held ?? []) {
      if (lease.deadline <= now) held!.delete(leaseId)
      else total += lease.amount
    }
    if (held?.size === 0) leases.delete(key)
    return { held, total }
  }

  // Throttle keys are per IP: without a sweep, one-off visitors would grow the Maps forever.
  const sweep = (now: number) => {
    nextSweep = now + SWEEP_INTERVAL_MS
    for (const key of expiries.keys()) live(key, now)
    for (const key of leases.keys()) liveLeases(key, now)
  }
  const clock = () => {
    const now = Date.now()
    if (now >= nextSweep) sweep(now)
    return now
  }

  const add = (id: string, by: number, ttlSeconds: number, now: number) => {
    const current = live(id, now)
    const value = (current ?? 0) + by
    data.set(id, value)
    if (current === undefined) expiries.set(id, now + ttlSeconds * 1000)
    return value
  }

  return {
    storage,
    async increment(key, by, ttlSeconds) {
      assertIncrement(by, ttlSeconds)
      return add(normalizeKey(key), by, ttlSeconds, clock())
    },
    async reserve(key, leaseId, amount, limit, options) {
      const { atLeast, leaseMs } = assertReserve(leaseId, amount, limit, options)
      const id = normalizeKey(key)
      const now = clock()
      const { held, total } = liveLeases(id, now)
      const used = (live(id, now) ?? 0) + total
      const fits = Math.max(0, Math.min(amount, limit - used))
      const granted = fits >= atLeast ? fits : 0
      const mine = held?.get(leaseId)
      if (mine) Object.assign(mine, { amount: mine.amount + granted, deadline: now + leaseMs })
      else if (granted > 0) leases.set(id, (held ?? new Map<string, Lease>()).set(leaseId, { amount: granted, deadline: now + leaseMs }))
      return { granted, remaining: Math.max(0, limit - used - granted) }
    },
    async release(key, leaseId, charge) {
      if (charge) assertIncrement(charge.by, charge.ttlSeconds)
      const id = normalizeKey(key)
      const now = clock()
      leases.get(id)?.delete(leaseId)
      liveLeases(id, now)
      if (charge && charge.by !== 0) add(id, charge.by, charge.ttlSeconds, now)
    },
    async ping() {},
    async get(key) {
      const id = normalizeKey(key)
      const now = clock()
      return (live(id, now) ?? 0) + liveLeases(id, now).total
    },
    async close() {
      expiries.clear()
      leases.clear()
      await storage.dispose()
    },
  }
}
