import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { createTcpProxy, type TcpProxy } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StoresError } from '../error.js'
import { createCounterStore } from './create-counter-store.js'
import type { CounterStore } from './types.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
const base = `chatbot-test:counter-faults:${randomUUID()}`
// Generous bounds for "fails fast" (the command timeout is 1.5 s) and "recovers by itself"
// (reconnect attempts are at most 2 s apart): the defaults held calls 10–40 s and more.
const FAIL_WITHIN_MS = 3000
const RECOVER_WITHIN_MS = 6000

/** Resolves with what `promise` rejected with, or fails once `ms` passed without a settlement. */
async function rejection(promise: Promise<unknown>, ms = FAIL_WITHIN_MS): Promise<unknown> {
  const outcome = await Promise.race([
    promise.then(
      () => ({ settled: 'resolved' }),
      (error: unknown) => ({ settled: 'rejected', error }),
    ),
    sleep(ms).then(() => ({ settled: 'pending' })),
  ])
  expect(outcome.settled).toBe('rejected')
  return (outcome as { error: unknown }).error
}

function expectUnavailable(error: unknown, reason?: string) {
  expect(StoresError.isInstance(error)).toBe(true)
  const exception = error as StoresError
  expect(exception.kind).toBe('counters_unavailable')
  // Our own words, never the driver's (it names the host and port).
  expect(exception.message).toMatch(/^The counter store is unavailable \((no answer in time|connection refused|connection lost|reconnecting)\); try again shortly\.$/)
  if (reason) expect(exception.message).toContain(`(${reason})`)
}

describe.skipIf(!redisUrl)(redisUrl ? 'a Redis counter store behind a faulty network' : 'skipped: CHATBOT_TEST_REDIS_URL not set', () => {
  let proxy: TcpProxy
  let store: CounterStore | undefined
  const logger = { warn: vi.fn(), info: vi.fn() }
  const open = async () => {
    const url = new URL(redisUrl!)
    url.port = String(proxy.port)
    url.hostname = '127.0.0.1'
    return (store = await createCounterStore(url.toString(), { base, logger }))
  }
  const recovers = async (counters: CounterStore, key: string) => {
    await expect.poll(() => counters.increment(key, 1, 60).then(() => 'ok', () => 'down'), { timeout: RECOVER_WITHIN_MS, interval: 200 }).toBe('ok')
  }

  beforeEach(async () => {
    const { port } = new URL(redisUrl!)
    proxy = await createTcpProxy({ port: Number(port || 6379) })
    logger.warn.mockClear()
    logger.info.mockClear()
  })
  afterEach(async () => {
    await proxy.resume()
    if (store) {
      await Promise.all((await store.storage.getKeys(base)).map((key) => store!.storage.removeItem(key)))
      await store.close()
    }
    store = undefined
    await proxy.close()
  })

  it('a frozen (half-open) connection fails every call fast with a 503, and heals after it thaws', async () => {
    const counters = await open()
    expect(await counters.increment('frozen', 1, 60)).toBe(1)
    proxy.freeze()
    expectUnavailable(await rejection(counters.increment('frozen', 1, 60)), 'no answer in time')
    expectUnavailable(await rejection(counters.reserve('frozen', 'lease', 1, 10, { leaseSeconds: 60 })))
    expectUnavailable(await rejection(counters.get('frozen')))
    // Health's `checks.counters` asks this.
    expectUnavailable(await rejection(counters.ping()))
    await proxy.resume()
    await recovers(counters, 'frozen')
    expect(await counters.get('frozen')).toBeGreaterThanOrEqual(2)
    await counters.ping()
  })

  it('refused connections fail calls fast; they succeed again once Redis is back, with no restart', async () => {
    const counters = await open()
    await counters.increment('refused', 1, 60)
    await proxy.refuse()
    expectUnavailable(await rejection(counters.increment('refused', 1, 60)))
    expectUnavailable(await rejection(counters.release('refused', 'lease')))
    await sleep(500)
    // Still refused: still fast.
    expectUnavailable(await rejection(counters.increment('refused', 1, 60)))
    await proxy.resume()
    await recovers(counters, 'refused')
    // One warning for the outage, however many reconnect attempts failed, and one line when it ended.
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(String(logger.warn.mock.calls[0]![0])).toContain('counters_unavailable')
    expect(logger.info).toHaveBeenCalledTimes(1)
  })

  it('starts while Redis is unreachable, refuses calls meanwhile, and works once it is reachable', async () => {
    await proxy.refuse()
    const counters = await open()
    expectUnavailable(await rejection(counters.increment('late', 1, 60)))
    expectUnavailable(await rejection(counters.ping()))
    await expect.poll(() => logger.warn.mock.calls.length).toBe(1)
    await proxy.resume()
    await recovers(counters, 'late')
    await counters.ping()
  })
})
