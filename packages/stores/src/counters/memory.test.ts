import { createRequire } from 'node:module'
import { afterEach, expect, it, vi } from 'vitest'
import { createCounterStore } from './create-counter-store.js'
import { createMemoryCounterStore } from './memory.js'

afterEach(() => {
  vi.useRealTimers()
})

it('sweeps expired counters so one-off keys do not pile up', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const store = createMemoryCounterStore()
  await store.increment('visitor:1', 1, 1)
  await store.increment('visitor:2', 1, 120)
  vi.advanceTimersByTime(61_000)
  await store.increment('visitor:3', 1, 1)
  expect((await store.storage.getKeys()).sort()).toEqual(['visitor:2', 'visitor:3'])
  await store.close()
})

// Relies on Vitest's per-file isolation: no other module of this file imports the Redis driver.
it('never loads ioredis for memory:', async () => {
  const store = await createCounterStore('memory:')
  await store.increment('lazy', 1, 60)
  const loaded = Object.keys(createRequire(import.meta.url).cache)
  expect(loaded.filter((path) => path.includes('/node_modules/ioredis/'))).toEqual([])
  await store.close()
})
