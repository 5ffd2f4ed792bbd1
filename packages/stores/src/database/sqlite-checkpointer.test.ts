import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function openWal() {
  const folder = mkdtempSync(join(tmpdir(), 'chatbot-checkpoint-'))
  const path = join(folder, 'chat.sqlite')
  const database = new Database(path)
  database.pragma('journal_mode = WAL')
  database.exec('create table rows (id integer primary key, body text not null)')
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }))
  cleanups.push(() => database.close())
  return { database, path }
}

const autocheckpoint = (database: Database.Database) => database.pragma('wal_autocheckpoint', { simple: true })
const insertRows = (database: Database.Database, count: number) => {
  const insert = database.prepare('insert into rows (body) values (?)')
  for (let n = 0; n < count; n++) insert.run('x'.repeat(2000))
}

describe('startCheckpointer', () => {
  it('takes checkpoints over from the serving connection and copies the WAL into the database file', async () => {
    const { database, path } = openWal()
    const checkpointer: Checkpointer = startCheckpointer(database, path, { delayMs: 0, intervalMs: 20 })
    cleanups.push(() => checkpointer.stop())
    await vi.waitFor(() => expect(autocheckpoint(database)).toBe(0), { timeout: 5000 })

    const before = statSync(path).size
    // ~2,000 pages: past SQLite's own 1,000-page threshold, which no longer applies to this connection.
    insertRows(database, 4000)
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(before + 4000 * 2000), { timeout: 5000 })
    expect(database.prepare('select count(*) as n from rows').get()).toEqual({ n: 4000 })
  })

  it('keeps SQLite’s own checkpoints until the worker is ready, and after it stops', async () => {
    const { database, path } = openWal()
    const checkpointer = startCheckpointer(database, path, { delayMs: 60_000 })
    expect(autocheckpoint(database)).toBe(1000)
    checkpointer.stop()
    expect(autocheckpoint(database)).toBe(1000)
  })

  it('leaves a closed database alone when its worker fails after stop()', async () => {
    const { database } = openWal()
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    cleanups.push(() => warning.mockRestore())
    const checkpointer = startCheckpointer(database, join(tmpdir(), `missing-${process.pid}-stopped.sqlite`), { delayMs: 0 })
    // The worker starts, then the owner shuts down while the worker is still failing to open.
    await new Promise((resolve) => setTimeout(resolve, 0))
    checkpointer.stop()
    database.close()
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    cleanups.push(() => process.off('uncaughtException', onUncaught))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(uncaught).toEqual([])
    expect(warning).not.toHaveBeenCalled()
  })

  it('goes back to SQLite’s own checkpoints when the worker fails', async () => {
    const { database } = openWal()
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    cleanups.push(() => warning.mockRestore())
    // No such file: the worker's connection refuses to open it (fileMustExist) and the worker dies.
    const checkpointer = startCheckpointer(database, join(tmpdir(), `missing-${process.pid}.sqlite`), { delayMs: 0 })
    cleanups.push(() => checkpointer.stop())
    await vi.waitFor(() => expect(warning).toHaveBeenCalledWith(expect.stringMatching(/checkpoint worker stopped/)), { timeout: 5000 })
    expect(autocheckpoint(database)).toBe(1000)
  })
})
