import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { pendingMigrationsOf, runMigrations } from '../migrations/run-migrations.js'
import { createDatabase, type StoresDatabase } from './create-database.js'

const opened: StoresDatabase[] = []
const migrations = { '2026-01-01-notes': { up: (db: StoresDatabase['db']) => db.schema.createTable('notes').addColumn('id', 'integer').execute() } }
const migrate = (db: StoresDatabase['db']) => runMigrations(db, migrations)
const pendingMigrations = (db: StoresDatabase['db']) => pendingMigrationsOf(db, migrations)
const folders: string[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()))
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

async function open(url: string): Promise<StoresDatabase> {
  const database = await createDatabase(url)
  opened.push(database)
  return database
}

const pragma = async (database: StoresDatabase, name: string) => {
  const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(database.db)
  // The column is not always named after the pragma (`busy_timeout` answers as `timeout`).
  return Object.values(rows[0] ?? {})[0]
}

describe('createDatabase with a SQLite path', () => {
  it('creates missing parent folders and configures the connection', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'chatbot-db-'))
    folders.push(folder)
    const path = join(folder, 'nested', 'deeper', 'chat.sqlite')
    const database = await open(path)
    expect(database.dialect).toBe('sqlite')
    expect(existsSync(path)).toBe(true)
    expect(await pragma(database, 'journal_mode')).toBe('wal')
    expect(await pragma(database, 'synchronous')).toBe(1) // NORMAL
    expect(await pragma(database, 'foreign_keys')).toBe(1)
    expect(await pragma(database, 'busy_timeout')).toBeGreaterThan(0)
  })

  it('refuses a schema, which is Postgres only, naming the key and the alternative', async () => {
    await expect(createDatabase({ url: ':memory:', schema: 'chatbot' })).rejects.toThrow(/"database.schema".*Postgres only.*database.tablePrefix/)
  })

  it('accepts :memory:', async () => {
    const database = await open(':memory:')
    expect(await migrate(database.db)).not.toEqual([])
    expect(await pendingMigrations(database.db)).toEqual([])
  })
})

describe('createDatabase with a URL', () => {
  it('uses Postgres for postgres:// and postgresql:// without connecting yet', async () => {
    expect((await open('postgres://nobody@127.0.0.1:1/none')).dialect).toBe('postgres')
    expect((await open('postgresql://nobody@127.0.0.1:1/none')).dialect).toBe('postgres')
  })

  it('refuses other URL schemes instead of creating a file named after them', async () => {
    await expect(createDatabase('mysql://root@localhost/chat')).rejects.toThrow(/"database".*unsupported URL scheme "mysql:\/\/"/)
  })

  it('fails with an error when Postgres is unreachable', async () => {
    // Port 1 on the loopback interface: nothing listens, the connection is refused at once.
    const database = await open('postgres://postgres@127.0.0.1:1/test')
    await expect(pendingMigrations(database.db)).rejects.toThrow(/ECONNREFUSED|connect/)
    await expect(migrate(database.db)).rejects.toThrow(/ECONNREFUSED|connect/)
  })
})
