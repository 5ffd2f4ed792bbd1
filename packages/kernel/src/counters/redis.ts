import { createStorage, normalizeKey } from 'unstorage'
import redisDriver from 'unstorage/drivers/redis'
import { assertIncrement, type CounterStore, type CounterStoreOptions } from './types.js'

// INCRBY and the first expiry in one atomic step. Setting the expiry only while the key has none
// (PTTL -1) keeps windows fixed; a Lua script does this on any Redis, not only 7.0's `EXPIRE NX`.
const INCREMENT_SCRIPT = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`

/**
 * Counters shared by every server instance on one Redis. Keys are written through the driver's
 * own ioredis client with the driver's base, so `storage.getItem(key)` sees the same value.
 */
export function createRedisCounterStore(url: string, options: CounterStoreOptions = {}): CounterStore {
  const driver = redisDriver({ url, ...(options.base ? { base: options.base } : {}) })
  const storage = createStorage({ driver })
  const client = driver.getInstance!()
  const base = normalizeKey(options.base)
  const redisKey = (key: string) => (base ? `${base}:${normalizeKey(key)}` : normalizeKey(key))

  return {
    storage,
    async increment(key, by, ttlSeconds) {
      assertIncrement(by, ttlSeconds)
      const value = await client.eval(INCREMENT_SCRIPT, 1, redisKey(key), by, Math.ceil(ttlSeconds * 1000))
      return Number(value)
    },
    async ping() {
      await client.ping()
    },
    async get(key) {
      const value = await client.get(redisKey(key))
      return value === null ? 0 : Number(value)
    },
    async close() {
      await storage.dispose()
    },
  }
}
