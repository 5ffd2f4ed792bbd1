import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, generateAppKey, migrate, migrationsOf, toStoredTimestamp, type ChatbotDatabase } from '@chatbot-kit/kernel'
import { insertAttachment } from '../../../plugins/attachments/src/storage/attachments.repository.js'
import { countRows, DAY, HOUR, seedConversation } from '../../../plugins/retention/test/seed.js'
import { builtinPlugins } from '../src/create.js'
import { assertBuilt, cleanEnv, DATABASE_TARGETS, run, tempProject } from './cli.js'

beforeAll(() => assertBuilt())

const CONFIG = `export default {
  retentionDays: 30,
  conversationTtl: 3600,
  channels: { support: { retentionDays: 7 }, archive: { retentionDays: null }, ephemeral: { retentionDays: 0 } },
}
`

const targets = DATABASE_TARGETS

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

/** A project with a config, a migrated database, and env for the CLI; `seed` writes through the kernel's storage. */
async function project(target: (typeof targets)[number], config = CONFIG) {
  const dir = tempProject()
  writeFileSync(join(dir, 'chatbot.config.ts'), config)
  const { url, drop } = await target.database(dir)
  const database: ChatbotDatabase = await createDatabase(url)
  // Every built-in plugin's tables, as `chatbot migrate` creates them (the tools plugin's `tool_invocations` too).
  await migrate(database.db, migrationsOf({ plugins: builtinPlugins() }))
  cleanup = async () => {
    await database.close()
    await drop()
  }
  const env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_DATABASE_URL: url })
  const prune = (...args: string[]) => run(['prune', ...args], dir, env)
  return { dir, db: database.db, env, prune }
}

describe('chatbot prune --help', () => {
  it('lists the flags', async () => {
    const result = await run(['prune', '--help'], tempProject())
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/--dry-run/)
    expect(result.stdout).toMatch(/--channel/)
    expect(result.stdout).toMatch(/--config/)
  })
})

describe.each(targets)('chatbot prune on $name', (target) => {
  it.skipIf(target.skip)('--dry-run counts per channel and deletes nothing; then prune deletes, with a summary', async () => {
    const { db, prune } = await project(target)
    await seedConversation(db, { channel: 'default', startedAgo: 40 * DAY, messages: 2, toolInvocations: 1 })
    await seedConversation(db, { channel: 'default', startedAgo: 40 * DAY, activeAgo: 20 * DAY, messages: 1 })
    await seedConversation(db, { channel: 'support', startedAgo: 8 * DAY, messages: 3 })
    await seedConversation(db, { channel: 'archive', startedAgo: 900 * DAY, messages: 5 })
    await seedConversation(db, { channel: 'ephemeral', startedAgo: 2 * HOUR, activeAgo: HOUR / 6, messages: 1 })
    const before = await countRows(db)

    const dry = await prune('--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(/Dry run/)
    expect(dry.stdout).toMatch(/support: 1 conversation\(s\), 3 message\(s\) to delete/)
    expect(dry.stdout).toMatch(/^default\s+30 days\s+\S+\+00:00\s+1\s+2$/m)
    expect(dry.stdout).toMatch(/^support\s+7 days\s+\S+\s+1\s+3$/m)
    expect(dry.stdout).toMatch(/^archive\s+forever\s+-\s+-\s+-$/m)
    expect(dry.stdout).toMatch(/^ephemeral\s+0 \(expired\)\s+\S+\s+1\s+1$/m)
    expect(dry.stdout).toMatch(/^Total\s+3\s+6$/m)
    expect(dry.stdout).toMatch(/Would delete 3 conversation\(s\) and 6 message\(s\)/)
    expect(await countRows(db)).toEqual(before)

    const real = await prune()
    expect(real.code, real.stderr).toBe(0)
    expect(real.stdout).toMatch(/^Total\s+3\s+6$/m)
    expect(real.stdout).toMatch(/Deleted 3 conversation\(s\) and 6 message\(s\)/)
    expect(await countRows(db)).toEqual({ conversations: 2, messages: 6, toolInvocations: 0 })

    const again = await prune()
    expect(again.stdout).toMatch(/^Total\s+0\s+0$/m)
  })
})

describe.each(targets)('chatbot prune with attachments on $name', (target) => {
  it.skipIf(target.skip)('removes the files of the deleted conversations\' attachments (the default folder), keeps the others', async () => {
    const { dir, db, prune } = await project(target)
    // The default store: `attachments/` beside the SQLite file, `.data/attachments` under the working directory with Postgres.
    const folder = join(dir, '.data', 'attachments')
    mkdirSync(folder, { recursive: true })
    const attach = async (conversationId: number, ago: number) => {
      const id = randomUUID()
      const when = toStoredTimestamp(new Date(Date.now() - ago))
      await insertAttachment(db, { public_id: id, channel: 'support', user_id: null, guest_id: 'guest-1', name: 'shot.png', type: 'image/png', size: 4, width: 1, height: 1, conversation_id: conversationId, message_id: null, used_at: when, created_at: when })
      writeFileSync(join(folder, id), 'file')
      return join(folder, id)
    }
    const old = await attach((await seedConversation(db, { channel: 'support', startedAgo: 8 * DAY, messages: 1 })).id, 8 * DAY)
    const recent = await attach((await seedConversation(db, { channel: 'support', startedAgo: DAY, messages: 1 })).id, DAY)

    const dry = await prune('--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).not.toMatch(/attachment file/)
    expect([existsSync(old), existsSync(recent)]).toEqual([true, true])

    const real = await prune()
    expect(real.code, real.stderr).toBe(0)
    expect(real.stdout).toMatch(/Removed 1 attachment file\(s\)\./)
    expect([existsSync(old), existsSync(recent)]).toEqual([false, true])
    const rows = await db.withTables<{ attachments: { id: number } }>().selectFrom('attachments').select('id').execute()
    expect(rows).toHaveLength(1)
  })
})

describe('chatbot prune options and failures', () => {
  const sqlite = targets[0]!

  it('--channel prunes that channel only; --config reads another file', async () => {
    const { dir, db, prune } = await project(sqlite, 'export default {}\n')
    mkdirSync(join(dir, 'config'))
    writeFileSync(join(dir, 'config', 'ops.config.ts'), CONFIG)
    await seedConversation(db, { channel: 'default', startedAgo: 40 * DAY })
    await seedConversation(db, { channel: 'support', startedAgo: 8 * DAY, messages: 2 })
    const result = await prune('--channel', 'support', '--config', 'config/ops.config.ts')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^support\s+7 days\s+\S+\s+1\s+2$/m)
    expect(result.stdout).not.toMatch(/^default/m)
    expect(await countRows(db)).toMatchObject({ conversations: 1 })
  })

  it('shows progress after each batch of a large prune', async () => {
    const { db, prune } = await project(sqlite)
    for (let index = 0; index < 1201; index += 1) await seedConversation(db, { channel: 'support', startedAgo: 10 * DAY })
    const result = await prune()
    expect(result.code, result.stderr).toBe(0)
    const progress = result.stdout.match(/support: \d+ conversation\(s\), 0 message\(s\) deleted so far/g)
    expect(progress).toEqual([500, 1000, 1201].map((count) => `support: ${count} conversation(s), 0 message(s) deleted so far`))
    expect(await countRows(db)).toMatchObject({ conversations: 0 })
  })

  it('an unknown --channel exits 1 with unknown_channel', async () => {
    const { prune } = await project(sqlite)
    const result = await prune('--channel', 'nope')
    expect(result.code).toBe(1)
    expect(result.stdout + result.stderr).toMatch(/Unknown channel "nope".*unknown_channel/)
  })

  it('an unmigrated database exits 1 and says to run chatbot migrate', async () => {
    const dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.ts'), CONFIG)
    const result = await run(['prune'], dir, cleanEnv({ CHATBOT_APP_KEY: generateAppKey() }))
    expect(result.code).toBe(1)
    expect(result.stdout + result.stderr).toMatch(/pending migrations.*chatbot migrate/)
  })

  it('a bad config exits 1 naming the key', async () => {
    const { prune } = await project(sqlite, 'export default { channels: { support: { retentionDays: -1 } } }\n')
    const result = await prune()
    expect(result.code).toBe(1)
    expect(result.stdout + result.stderr).toContain('channels.support.retentionDays')
  })
})
