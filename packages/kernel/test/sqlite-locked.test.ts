import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createHarness, events, type Harness } from './harness.js'

// Another process (a backup, `chatbot prune`) holding SQLite's write lock past `busy_timeout`
// is a retryable 503, like a Postgres that is away, not a 500.
let h: Harness
beforeAll(async () => {
  h = await createHarness('in-process')
})
afterAll(() => h.close())

it('answers 503 database_unavailable while another process holds the write lock, and 200 once it is released', async () => {
  const other = new Database(h.chatbot.config.database.url)
  other.exec('BEGIN EXCLUSIVE')
  try {
    const locked = await h.post({ signed_context: h.envelope(), message: 'hello' })
    expect(locked.status).toBe(503)
    expect(await locked.json()).toMatchObject({ error: { code: 'database_unavailable', message: expect.stringContaining('locked by another process') } })
  } finally {
    other.exec('ROLLBACK')
    other.close()
  }
  const response = await h.post({ signed_context: h.envelope(), message: 'hello again' })
  expect(response.status).toBe(200)
  expect((await events(response)).at(-1)).toMatchObject({ type: 'done' })
}, 20_000)
