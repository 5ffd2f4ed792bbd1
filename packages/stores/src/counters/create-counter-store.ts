import { configError } from '../failures.js'
import { importDriver } from '../database/import-driver.js'
import { createMemoryCounterStore } from './memory.js'
import { assertRedisUrl } from './redis-url.js'
import type { CounterStore, CounterStoreOptions } from './types.js'

/**
 * Counters over `memory:` (default, one process) or `redis://…` / `rediss://…` (shared by every
 * instance). The Redis driver is imported only when asked for, so memory users never load ioredis.
 */
export async function createCounterStore(url = 'memory:', options: CounterStoreOptions = {}): Promise<CounterStore> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()
  if (scheme === 'memory') return createMemoryCounterStore()
  if (scheme === 'redis' || scheme === 'rediss') {
    assertRedisUrl(url)
    // unstorage's Redis driver imports ioredis, an optional peer that may not be installed.
    const { createRedisCounterStore } = await importDriver('ioredis', `CHATBOT_STORAGE_URL (storage) is a ${scheme}:// URL`, () => import('./redis.js'))
    const store = createRedisCounterStore(url, options)
    // Redis away at start-up is an outage (reported, retried); a user without a permission the
    // counters need would fail every message with 503 while health said ok: refuse to start.
    const missing = await store.missingPermission().catch(() => undefined)
    if (missing) {
      await store.close()
      throw configError('storage', missing)
    }
    return store
  }
  // Never echo the URL: it may carry a password.
  throw configError('storage', `expected "memory:" or a "redis://" URL, got scheme "${scheme ?? '(none)'}"`)
}
