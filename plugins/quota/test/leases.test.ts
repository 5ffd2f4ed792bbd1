import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { createCounterStore, type CounterStore } from '@chatbot-kit/kernel'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQuotaLedger } from '../src/ledger.js'
import { COUNTER_STORES, createClock, createQuotaServers } from './setup.js'

const user = { userId: 'user-1' }

describe.each(COUNTER_STORES)('reservations are leases, on $name', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'leases', () => {
    let counters: CounterStore
    const prefix = `chatbot-test:quota-leases:${randomUUID()}`
    afterEach(async () => {
      await Promise.all((await counters.storage.getKeys(prefix)).map((key) => counters.storage.removeItem(key)))
      await counters.close()
    })

    it('a reservation never settled (its process died) stops counting after its lease', async () => {
      counters = await createCounterStore(storage)
      const ledger = createQuotaLedger(counters, { prefix, now: createClock().now, limits: { input: 1000, output: 1000 }, leaseSeconds: 0.6 })
      const crashed = await ledger.reserve(user, 100, 512)
      expect(crashed.output).toBe(512)
      expect(await ledger.status(user)).toMatchObject({ input: { used: 100 }, output: { used: 512, remaining: 488 } })
      // Another turn gets only what is left meanwhile.
      const alive = await ledger.reserve(user, 100, 512)
      expect(alive.output).toBe(488)
      await sleep(350)
      // Growing moves the live turn's deadline on (both of its reservations); the crashed one's does not move.
      expect(await alive.grow(1)).toBe(0)
      await sleep(350)
      expect(await ledger.status(user)).toMatchObject({ input: { used: 100 }, output: { used: 488 } })
      await alive.settle({ input: 90, output: 20 })
      expect(await ledger.status(user)).toMatchObject({ input: { used: 90 }, output: { used: 20 } })
    })
  })
})

describe('the quota plugin', () => {
  let servers: ReturnType<typeof createQuotaServers> | undefined
  afterEach(async () => {
    vi.useRealTimers()
    await servers?.close()
  })

  it('leases a turn its bound: streamDuration + shutdownGrace + 30 s from its last reservation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    servers = createQuotaServers('memory:')
    const h = await servers.start({ streamDuration: 20, shutdownGrace: 5 })
    // The reply starts, then the provider goes silent: the turn holds its reservation.
    h.provider.script({ chunks: ['Hello'], hangAfterChunks: 1 })
    const client = new AbortController()
    const response = await h.post({ signed_context: h.envelope(), message: 'Hi' }, { signal: client.signal })
    const reader = response.body!.getReader()
    await reader.read()
    await expect.poll(async () => (await h.chatbot.quota(user)).output.used).toBe(512)

    vi.setSystemTime(Date.now() + 54_000)
    expect((await h.chatbot.quota(user)).output.used).toBe(512)
    // As for a process killed mid-turn: nobody settles it, and the hold ends on its own.
    vi.setSystemTime(Date.now() + 2_000)
    expect(await h.chatbot.quota(user)).toMatchObject({ input: { used: 0 }, output: { used: 0 } })
    client.abort()
  })
})
