import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDatabase, migrate, migrationsOf, type ChatbotDatabase } from '@chatbot-kit/kernel'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { silentLogger, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { events } from '../../kernel/test/harness.js'
import { adminPlugin } from '../src/index.js'
import { createRefusalTally } from '../src/refusals/refusal-tally.js'
import { ADMIN_TABLES, withAdminTables } from '../src/storage/admin-tables.js'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, type AdminHarness } from './client.js'

// Refusals are answered before a turn starts and stored nowhere else: the admin plugin counts
// them per UTC day, channel and code. Here real requests are refused over a real socket.

const today = () => new Date().toISOString().slice(0, 10)

describe.each(DATABASES)('refusals counted on $name', ({ skip, create }) => {
  describe.skipIf(skip)('over HTTP', () => {
    let h: AdminHarness
    let drop: () => Promise<void>
    beforeAll(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({
        database: database.url,
        admin: { token: ADMIN_TOKEN },
        tokenCap: 40,
        // Any turn's prompt is over this: refused once its stream opened.
        dailyQuota: { input: 1, output: 1000 },
        throttle: { perMinute: 1000, perDay: 100_000 },
        channels: { support: { throttle: { perMinute: 2 } } },
        plugins: [throttlePlugin()],
      })
    })
    afterAll(async () => {
      await h?.close()
      await drop?.()
    })

    const status = async (response: Response) => {
      const code = response.status === 200 ? (await events(response)).at(-1)?.code : ((await response.json()) as { error: { code: string } }).error.code
      return [response.status, code]
    }

    it('counts throttled, quota, token-cap and envelope refusals per day, code and channel, one row each', async () => {
      h.chatbot.fake('never sent')
      expect(await status(await h.post({ signed_context: 'not-an-envelope', message: 'hi' }))).toEqual([403, 'invalid_envelope'])
      expect(await status(await h.post({ signed_context: h.envelope(), message: 'word '.repeat(80) }))).toEqual([422, 'token_cap_exceeded'])
      expect(await status(await h.post({ signed_context: h.envelope(), message: 'hi' }))).toEqual([200, 'quota_exceeded'])
      const support = h.envelope({ channel: 'support' })
      for (let i = 0; i < 2; i++) expect(await status(await h.post({ signed_context: support, message: 'hi' }))).toEqual([200, 'quota_exceeded'])
      for (let i = 0; i < 12; i++) expect(await status(await h.post({ signed_context: support, message: 'hi' }))).toEqual([429, 'throttled'])

      const admin = h.client({ token: ADMIN_TOKEN })
      const day = today()
      expect((await admin.stats.overview.query({ from: day, to: day })).refusals).toEqual([
        { day, code: 'invalid_envelope', count: 1 },
        { day, code: 'quota_exceeded', count: 3 },
        { day, code: 'throttled', count: 12 },
        { day, code: 'token_cap_exceeded', count: 1 },
      ])
      // The channel is the envelope's; an invalid envelope has none, so it counts only without the filter.
      expect((await admin.stats.overview.query({ from: day, to: day, channel: 'support' })).refusals).toEqual([
        { day, code: 'quota_exceeded', count: 2 },
        { day, code: 'throttled', count: 12 },
      ])
      expect((await admin.stats.overview.query({ from: day, to: day, channel: 'default' })).refusals).toEqual([
        { day, code: 'quota_exceeded', count: 1 },
        { day, code: 'token_cap_exceeded', count: 1 },
      ])
      const rows = await withAdminTables(h.chatbot.db).selectFrom('admin_refusals').select(['channel', 'code', 'count']).orderBy('channel').orderBy('code').execute()
      expect(rows.map((row) => [row.channel, row.code, Number(row.count)])).toEqual([
        ['', 'invalid_envelope', 1],
        ['default', 'quota_exceeded', 1],
        ['default', 'token_cap_exceeded', 1],
        ['support', 'quota_exceeded', 2],
        ['support', 'throttled', 12],
      ])
    })
  })

  describe.skipIf(skip)('the tally', () => {
    let created: CreatedDatabase
    let database: ChatbotDatabase
    beforeEach(async () => {
      created = await create()
      database = await createDatabase(created.database, { tables: ADMIN_TABLES })
    })
    afterEach(async () => {
      await database.close()
      await created.drop()
    })
    const stored = async () =>
      (await withAdminTables(database.db).selectFrom('admin_refusals').select(['day', 'channel', 'code', 'count']).orderBy('code').execute()).map((row) => ({ ...row, count: Number(row.count) }))

    it('adds a flood up in memory and writes one row per day, channel and code', async () => {
      await migrate(database.db, migrationsOf({ plugins: [adminPlugin()] }))
      let now = Date.parse('2026-11-20T23:59:59.000Z')
      const tally = createRefusalTally(database.db, silentLogger(), () => now)
      for (let i = 0; i < 5000; i++) tally.add('throttled', 'support')
      tally.add('invalid_envelope', undefined)
      await tally.flush()
      for (let i = 0; i < 7; i++) tally.add('throttled', 'support')
      now += 1000
      tally.add('throttled', 'support')
      await tally.stop()
      expect(await stored()).toEqual([
        { day: '2026-11-20', channel: '', code: 'invalid_envelope', count: 1 },
        { day: '2026-11-20', channel: 'support', code: 'throttled', count: 5007 },
        { day: '2026-11-21', channel: 'support', code: 'throttled', count: 1 },
      ])
    })

    it('keeps what it could not write and writes it next time: nothing is lost', async () => {
      const tally = createRefusalTally(database.db, silentLogger(), () => Date.parse('2026-11-20T10:00:00.000Z'))
      tally.add('throttled', 'default')
      // No table yet: the write fails.
      await tally.flush()
      await migrate(database.db, migrationsOf({ plugins: [adminPlugin()] }))
      tally.add('throttled', 'default')
      await tally.stop()
      expect(await stored()).toEqual([{ day: '2026-11-20', channel: 'default', code: 'throttled', count: 2 }])
    })
  })
})
