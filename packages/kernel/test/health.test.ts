import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHarness, type Harness } from './harness.js'
import { proxiedHarness } from './proxied-harness.js'

const POSTGRES_URL = process.env.CHATBOT_TEST_POSTGRES_URL
const REDIS_URL = process.env.CHATBOT_TEST_REDIS_URL

interface Check {
  status: 'ok' | 'down'
  latency_ms: number
  error?: string
}
interface Health {
  status: string
  version: string
  active_streams: number
  problem?: string
  checks: { database: Check; counters: Check }
}

async function health(h: Harness): Promise<{ status: number; body: Health }> {
  const response = await h.request('/chatbot/health')
  return { status: response.status, body: (await response.json()) as Health }
}

const ok: Check = { status: 'ok', latency_ms: expect.any(Number) as number }
const down = (pattern: RegExp) => ({ status: 'down', latency_ms: expect.any(Number) as number, error: expect.stringMatching(pattern) as string })

/** A check's error is our own short text: no URL, host or password. */
function expectNoSecrets(body: Health) {
  expect(JSON.stringify(body.checks)).not.toMatch(/127\.0\.0\.1|localhost|:\/\/|secret|password/)
}

describe('GET /chatbot/health on SQLite and in-memory counters', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness('in-process')
  })
  afterAll(() => h.close())

  it('reports each dependency with its latency', async () => {
    expect(await health(h)).toEqual({
      status: 200,
      body: { status: 'ok', version: expect.any(String), active_streams: 0, checks: { database: ok, counters: ok } },
    })
  })
})

describe.skipIf(!POSTGRES_URL)('GET /chatbot/health with Postgres frozen', () => {
  // The defaults (connect 5 s, query 10 s): health must not wait for them.
  const faults = proxiedHarness({ postgres: POSTGRES_URL! })

  it('answers 503 with the database down at its own limit, and 200 again once Postgres answers', async () => {
    expect((await health(faults.h)).status).toBe(200)
    faults.proxy.freeze()
    const started = Date.now()
    const frozen = await health(faults.h)
    expect(Date.now() - started).toBeLessThan(4_000)
    expect(frozen).toMatchObject({
      status: 503,
      body: { status: 'unavailable', problem: 'database unreachable', checks: { database: down(/no answer within 2000 ms/), counters: ok } },
    })
    expectNoSecrets(frozen.body)

    await faults.proxy.resume()
    await vi.waitFor(async () => expect((await health(faults.h)).status).toBe(200), { timeout: 15_000, interval: 200 })
  })
})

describe.skipIf(!REDIS_URL)('GET /chatbot/health with Redis frozen or refused', () => {
  const faults = proxiedHarness({ redis: REDIS_URL! })

  const recovers = () => vi.waitFor(async () => expect(await health(faults.h)).toMatchObject({ status: 200, body: { checks: { counters: ok } } }), { timeout: 15_000, interval: 200 })

  it('answers 503 with the counter store down while Redis is frozen, and 200 once it answers', async () => {
    expect((await health(faults.h)).status).toBe(200)
    faults.proxy.freeze()
    const started = Date.now()
    const frozen = await health(faults.h)
    expect(Date.now() - started).toBeLessThan(4_000)
    expect(frozen).toMatchObject({
      status: 503,
      body: { status: 'unavailable', problem: 'counter store unreachable', checks: { database: ok, counters: down(/./) } },
    })
    expectNoSecrets(frozen.body)
    await faults.proxy.resume()
    await recovers()
  })

  it('answers 503 while Redis refuses connections, and 200 once it is back', async () => {
    await faults.proxy.refuse()
    const refused = await health(faults.h)
    expect(refused).toMatchObject({ status: 503, body: { checks: { database: ok, counters: down(/./) } } })
    expectNoSecrets(refused.body)
    await faults.proxy.resume()
    await recovers()
  })
})
