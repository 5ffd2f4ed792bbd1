import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ChatbotPlugin } from '@chatbot-kit/kernel'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { createTcpProxy, sseEvents, type TcpProxy } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { quotaPlugin } from '../src/index.js'
import { removeKeys } from './setup.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
// Bounds, not speed checks: the 1.0 client held these requests 10–40 s and more.
const ANSWER_WITHIN_MS = 4000
const RECOVER_WITHIN_MS = 8000

/** What `promise` resolves with, or a failure once `ms` passed without it. */
async function within<T>(promise: Promise<T>, ms = ANSWER_WITHIN_MS): Promise<T> {
  const value = await Promise.race([promise, sleep(ms).then(() => undefined)])
  expect(value, `no answer within ${ms} ms`).toBeDefined()
  return value!
}

describe.skipIf(!redisUrl)(redisUrl ? 'throttle and quota while Redis is frozen' : 'skipped: CHATBOT_TEST_REDIS_URL not set', () => {
  const prefix = `chatbot-test:counter-faults:${randomUUID()}`
  let proxy: TcpProxy
  let h: Harness
  const start = async (plugins: ChatbotPlugin[]) => {
    const url = new URL(redisUrl!)
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    h = await createHarness('socket', { storage: url.toString(), plugins })
    return h
  }
  const send = () => h.post({ signed_context: h.envelope(), message: 'Hello there' })
  const recovers = async () => {
    const outcome = async () => {
      const response = await send()
      return response.status === 200 ? (await events(response)).at(-1)!.type : response.status
    }
    await expect.poll(outcome, { timeout: RECOVER_WITHIN_MS, interval: 250 }).toBe('done')
  }

  beforeEach(async () => {
    proxy = await createTcpProxy({ port: Number(new URL(redisUrl!).port || 6379) })
  })
  afterEach(async () => {
    await proxy.resume()
    await expect.poll(() => h.chatbot.counters.ping().then(() => 'up', () => 'down'), { timeout: RECOVER_WITHIN_MS }).toBe('up')
    await removeKeys(h, prefix)
    await h.close()
    await proxy.close()
  })

  it('POST /chatbot/messages answers a quick 503 JSON (throttle fails closed), then replies once Redis thaws', async () => {
    await start([throttlePlugin({ prefix: `${prefix}:throttle` }), quotaPlugin({ prefix: `${prefix}:quota` })])
    expect((await events(await send())).at(-1)).toMatchObject({ type: 'done' })
    proxy.freeze()
    const response = await within(send())
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('retry-after')).toBe('2')
    expect(await response.json()).toEqual({ error: { code: 'counters_unavailable', message: 'The counter store is unavailable (no answer in time); try again shortly.' } })
    expect(h.provider.requests).toHaveLength(1)
    await proxy.resume()
    await recovers()
  })

  it('the server starts while Redis refuses connections, answers 503 meanwhile, and replies once Redis is back', async () => {
    await proxy.refuse()
    await start([throttlePlugin({ prefix: `${prefix}:throttle` }), quotaPlugin({ prefix: `${prefix}:quota` })])
    const response = await within(send())
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ error: { code: 'counters_unavailable' } })
    await proxy.resume()
    await recovers()
  })

  it('a reply streaming when Redis freezes goes on within what it reserved, then ends with counters_unavailable', async () => {
    await start([quotaPlugin({ prefix: `${prefix}:quota`, outputReservation: 8 })])
    await h.chatbot.counters.ping()
    h.provider.script({ chunks: Array.from({ length: 200 }, () => ' the'), tokenDelayMs: 20 })
    const stream = sseEvents(await send())
    const seen: Record<string, unknown>[] = []
    for (let next = await stream.next(); !next.done; next = await within(stream.next())) {
      if (next.value.kind !== 'data') continue
      seen.push(next.value.data)
      // Frozen once the reply streams: its next reservation cannot come back.
      if (next.value.data.type === 'token' && seen.filter((event) => event.type === 'token').length === 1) proxy.freeze()
    }
    expect(seen.filter((event) => event.type === 'token').length).toBeGreaterThan(1)
    expect(seen.at(-1)).toMatchObject({ type: 'error', code: 'counters_unavailable', retryable: true })
  })

  it('with the quota alone, the turn ends with a retryable counters_unavailable event before the provider is called', async () => {
    await start([quotaPlugin({ prefix: `${prefix}:quota` })])
    proxy.freeze()
    // The stream opens before the quota is asked: the refusal is its last event.
    const stream = await within(send().then(events))
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'counters_unavailable', retryable: true })
    expect(h.provider.requests).toHaveLength(0)
    await proxy.resume()
    await recovers()
  })
})
