import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { StoresError } from '../error.js'
import { createCounterStore } from './create-counter-store.js'
import type { CounterStore } from './types.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
// A namespace per run, so parallel test files and earlier runs never share keys.
const base = `chatbot-test:counters:${randomUUID()}`

const implementations = [
  { name: 'memory', url: 'memory:', shared: false },
  { name: redisUrl ? 'redis' : 'redis (no CHATBOT_TEST_REDIS_URL)', url: redisUrl, shared: true },
]

const tcpHandles = () => process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap').length

describe.each(implementations)('CounterStore contract: $name', ({ url, shared }) => {
  const test = it.skipIf(!url)
  const opened: CounterStore[] = []
  const open = async () => {
    const store = await createCounterStore(url!, { base })
    opened.push(store)
    return store
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })
  afterAll(async () => {
    if (!url) return
    const store = await createCounterStore(url, { base })
    await store.storage.clear()
    expect(await store.storage.getKeys()).toEqual([])
    await store.close()
  })

  test('get on an absent key is 0', async () => {
    const store = await open()
    expect(await store.get('absent')).toBe(0)
  })

  test('increments return running totals, also with by > 1', async () => {
    const store = await open()
    expect(await store.increment('totals', 1, 60)).toBe(1)
    expect(await store.increment('totals', 1, 60)).toBe(2)
    expect(await store.increment('totals', 5, 60)).toBe(7)
    expect(await store.increment('totals', 1000, 60)).toBe(1007)
    expect(await store.get('totals')).toBe(1007)
    expect(await store.get('other')).toBe(0)
  })

  test('keys are unstorage keys, and storage reads the same count', async () => {
    const store = await open()
    await store.increment('quota/user:1', 3, 60)
    expect(await store.get('quota:user:1')).toBe(3)
    expect(Number(await store.storage.getItem('quota:user:1'))).toBe(3)
  })

  test('an expired window counts as absent, and later increments do not extend it', async () => {
    const store = await open()
    expect(await store.increment('window', 1, 1)).toBe(1)
    await sleep(600)
    // Had this reset the TTL, the key would live until ~1.6 s and still read 2 below.
    expect(await store.increment('window', 1, 1)).toBe(2)
    await sleep(600)
    expect(await store.get('window')).toBe(0)
    expect(await store.increment('window', 4, 1)).toBe(4)
    expect(await store.get('window')).toBe(4)
  })

  test('1,000 concurrent increments are exact', async () => {
    const store = await open()
    const values = await Promise.all(Array.from({ length: 1000 }, () => store.increment('burst', 1, 60)))
    expect(new Set(values).size).toBe(1000)
    expect(Math.max(...values)).toBe(1000)
    expect(await store.get('burst')).toBe(1000)
  })

  it.runIf(url && shared)('two instances (two connections) share exact counts (shared backends only)', async () => {
    const [first, second] = await Promise.all([open(), open()])
    const values = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => (index % 2 ? first : second).increment('shared', 1, 60)),
    )
    expect(new Set(values).size).toBe(1000)
    expect(await first.get('shared')).toBe(1000)
    expect(await second.get('shared')).toBe(1000)
  })

  test('rejects a fractional increment and a non-positive TTL', async () => {
    const store = await open()
    await expect(store.increment('invalid', 1.5, 60)).rejects.toThrow(TypeError)
    await expect(store.increment('invalid', 1, 0)).rejects.toThrow(TypeError)
    expect(await store.get('invalid')).toBe(0)
  })

  const lease = { leaseSeconds: 60 }

  test('leases hold against a limit next to the settled count, partially when only part fits', async () => {
    const store = await open()
    await store.increment('leases', 4, 60)
    expect(await store.reserve('leases', 'a', 3, 10, lease)).toEqual({ granted: 3, remaining: 3 })
    expect(await store.reserve('leases', 'b', 5, 10, lease)).toEqual({ granted: 3, remaining: 0 })
    expect(await store.reserve('leases', 'c', 1, 10, lease)).toEqual({ granted: 0, remaining: 0 })
    expect(await store.get('leases')).toBe(10)
    // The settled count alone is what plain key-value reads.
    expect(Number(await store.storage.getItem('leases'))).toBe(4)
  })

  test('atLeast makes a reservation all or nothing; growing adds to the lease', async () => {
    const store = await open()
    expect(await store.reserve('whole', 'a', 6, 10, { ...lease, atLeast: 6 })).toEqual({ granted: 6, remaining: 4 })
    expect(await store.reserve('whole', 'b', 6, 10, { ...lease, atLeast: 6 })).toEqual({ granted: 0, remaining: 4 })
    expect(await store.reserve('whole', 'a', 3, 10, lease)).toEqual({ granted: 3, remaining: 1 })
    expect(await store.get('whole')).toBe(9)
    // Released, the whole lease (6 + 3) stops counting at once.
    await store.release('whole', 'a')
    expect(await store.get('whole')).toBe(0)
  })

  test('release settles the charge in the same step; releasing an unknown lease only charges', async () => {
    const store = await open()
    await store.reserve('settle', 'a', 8, 10, lease)
    await store.release('settle', 'a', { by: 5, ttlSeconds: 60 })
    expect(await store.get('settle')).toBe(5)
    expect(await store.reserve('settle', 'b', 8, 10, lease)).toEqual({ granted: 5, remaining: 0 })
    await store.release('settle', 'gone', { by: 2, ttlSeconds: 60 })
    expect(await store.get('settle')).toBe(12)
    expect(await store.reserve('settle', 'c', 1, 10, lease)).toEqual({ granted: 0, remaining: 0 })
  })

  test('a lease nobody releases stops counting at its deadline; reserving on it renews it', async () => {
    const store = await open()
    await store.reserve('expiry', 'crashed', 5, 10, { leaseSeconds: 0.5 })
    await store.reserve('expiry', 'alive', 3, 10, { leaseSeconds: 0.5 })
    expect(await store.get('expiry')).toBe(8)
    await sleep(300)
    // Nothing granted (the amount is 0), but the deadline moves on.
    expect(await store.reserve('expiry', 'alive', 0, 10, { leaseSeconds: 0.5 })).toEqual({ granted: 0, remaining: 2 })
    await sleep(350)
    expect(await store.get('expiry')).toBe(3)
    expect(await store.reserve('expiry', 'next', 10, 10, lease)).toEqual({ granted: 7, remaining: 0 })
    await sleep(300)
    expect(await store.get('expiry')).toBe(7)
  })

  test('1,000 concurrent reservations never hold more than the limit', async () => {
    const store = await open()
    const grants = await Promise.all(Array.from({ length: 1000 }, (_, index) => store.reserve('rush', `turn-${index}`, 3, 1000, lease)))
    const granted = grants.map((grant) => grant.granted)
    expect(granted.reduce((sum, value) => sum + value, 0)).toBe(1000)
    // 333 whole grants, one partial (1), then nothing.
    expect(granted.filter((value) => value === 3)).toHaveLength(333)
    expect(granted.filter((value) => value === 0)).toHaveLength(666)
    expect(await store.get('rush')).toBe(1000)
  })

  it.runIf(url && shared)('two instances (two connections) never hold more than the limit together (shared backends only)', async () => {
    const [first, second] = await Promise.all([open(), open()])
    const grants = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => (index % 2 ? first : second).reserve('shared-leases', `turn-${index}`, 1, 250, lease)),
    )
    expect(grants.filter((grant) => grant.granted === 1)).toHaveLength(250)
    expect(await first.get('shared-leases')).toBe(250)
    await second.release('shared-leases', 'turn-0', { by: 1, ttlSeconds: 60 })
    expect(await first.get('shared-leases')).toBe(250)
  })

  test('rejects malformed reservations', async () => {
    const store = await open()
    await expect(store.reserve('invalid', '', 1, 10, lease)).rejects.toThrow(TypeError)
    await expect(store.reserve('invalid', 'a', 1.5, 10, lease)).rejects.toThrow(TypeError)
    await expect(store.reserve('invalid', 'a', 1, -1, lease)).rejects.toThrow(TypeError)
    await expect(store.reserve('invalid', 'a', 1, 10, { leaseSeconds: 0 })).rejects.toThrow(TypeError)
    await expect(store.release('invalid', 'a', { by: 0.5, ttlSeconds: 60 })).rejects.toThrow(TypeError)
    expect(await store.get('invalid')).toBe(0)
  })

  test('close releases its connection', async () => {
    const before = tcpHandles()
    const store = await createCounterStore(url!, { base })
    await store.increment('close', 1, 60)
    await store.close()
    await expect.poll(tcpHandles, { timeout: 2000 }).toBeLessThanOrEqual(before)
  })
})

describe('createCounterStore', () => {
  it('rejects an unknown scheme naming the storage key, without echoing the URL', async () => {
    const error = await createCounterStore('postgres://user:s3cret@db/app').catch((caught: unknown) => caught)
    expect(StoresError.isInstance(error)).toBe(true)
    expect((error as StoresError).details).toMatchObject({ kind: 'config', key: 'storage' })
    expect((error as Error).message).not.toContain('s3cret')
  })

  it('defaults to memory', async () => {
    const store = await createCounterStore()
    expect(await store.increment('default', 2, 60)).toBe(2)
    await store.close()
  })
})
