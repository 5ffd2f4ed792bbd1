import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPostgresSchema, type PostgresSchema } from '@chatbot-kit/test-utils'
import { createDatabase } from '@chatbot-kit/kernel'
import { createHarness, events, type Harness } from './harness.js'
import { proxiedHarness } from './proxied-harness.js'

const POSTGRES_URL = process.env.CHATBOT_TEST_POSTGRES_URL

/** Errors no listener took: a Postgres client's unhandled `error` event lands here and used to kill the process. */
const uncaught: unknown[] = []
const onUncaught = (error: unknown) => uncaught.push(error)
beforeAll(() => process.on('uncaughtException', onUncaught))
afterAll(() => process.off('uncaughtException', onUncaught))
afterEach(() => expect(uncaught.splice(0)).toEqual([]))

const message = (h: Harness, text: string) => h.post({ signed_context: h.envelope(), message: text })

/** A 503 with the contract's body that names neither the server nor the URL. */
async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503)
  const body = (await response.json()) as { error: { code: string; message: string } }
  expect(body).toEqual({ error: { code: 'database_unavailable', message: expect.any(String) } })
  expect(body.error.message).not.toMatch(/127\.0\.0\.1|postgres(ql)?:|password/)
}

async function expectReply(response: Response) {
  expect(response.status).toBe(200)
  expect((await events(response)).at(-1)).toMatchObject({ type: 'done' })
}

describe.skipIf(!POSTGRES_URL)('Postgres connections terminated mid-query', () => {
  let schema: PostgresSchema
  let h: Harness
  let admin: pg.Client
  const application = `chatbot_faults_${randomUUID().slice(0, 8)}`
  beforeAll(async () => {
    schema = await createPostgresSchema(POSTGRES_URL!)
    const url = new URL(schema.url)
    url.searchParams.set('application_name', application)
    h = await createHarness('socket', { database: { url: url.toString() } })
    admin = new pg.Client({ connectionString: POSTGRES_URL })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await h?.close()
    await schema?.drop()
  })

  const waitingBackends = async () =>
    Number((await admin.query(`select count(*) as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`, [application])).rows[0].n)

  it('answers the requests whose connection died 503 database_unavailable, keeps running, and serves the next ones', async () => {
    await expectReply(await message(h, 'warm up'))
    // A lock holds the chatbot's queries on their connections, so the terminations land mid-query.
    const locker = new pg.Client({ connectionString: schema.url })
    await locker.connect()
    await locker.query('begin; lock table conversations in access exclusive mode')
    const requests = Array.from({ length: 30 }, (_, n) => message(h, `blocked ${n}`))
    await vi.waitFor(async () => expect(await waitingBackends()).toBeGreaterThanOrEqual(5), { timeout: 10_000, interval: 50 })
    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [application])
    expect(rowCount).toBeGreaterThanOrEqual(5)
    await locker.query('rollback')
    await locker.end()

    const responses = await Promise.all(requests)
    const unavailable = responses.filter((response) => response.status === 503)
    expect(unavailable.length).toBeGreaterThanOrEqual(5)
    await Promise.all(unavailable.map(expectUnavailable))
    // Requests still waiting for a pooled connection got a fresh one and were answered.
    await Promise.all(responses.filter((response) => response.status !== 503).map(expectReply))

    await expectReply(await message(h, 'after'))
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })

  it('survives idle connections being terminated between requests', async () => {
    await expectReply(await message(h, 'before'))
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [application])
    // The pool noticed or will notice on use; either way the next requests are served.
    await vi.waitFor(async () => expectReply(await message(h, 'after idle kill')), { timeout: 5_000 })
    await expectReply(await message(h, 'and again'))
  })
})

describe.skipIf(!POSTGRES_URL)('a frozen Postgres connection', () => {
  // Short limits from the URL, as an operator would set them, so the bounds below are short too.
  const faults = proxiedHarness({ postgres: POSTGRES_URL!, params: { query_timeout: '1000', connect_timeout: '1' } })

  it('fails requests within the query timeout instead of hanging, and recovers once the connection moves again', async () => {
    await expectReply(await message(faults.h, 'before'))
    faults.proxy.freeze()
    // Pooled connections time out (query_timeout), new ones too (connect_timeout): never the 40 s of a TCP timeout.
    const started = Date.now()
    await expectUnavailable(await message(faults.h, 'frozen'))
    await expectUnavailable(await message(faults.h, 'frozen again'))
    expect(Date.now() - started).toBeLessThan(8_000)

    await faults.proxy.resume()
    await vi.waitFor(async () => expectReply(await message(faults.h, 'after')), { timeout: 5_000 })
  })
})

describe('Postgres time limits from the URL', () => {
  it('refuses a limit that is not a whole number, without echoing the URL', async () => {
    const error = await createDatabase('postgres://user:secret@127.0.0.1:1/db?query_timeout=soon').catch((reason: unknown) => reason)
    expect(error).toMatchObject({ message: expect.stringMatching(/"query_timeout" must be a whole number/) })
    expect((error as Error).message).not.toMatch(/secret/)
  })
})
