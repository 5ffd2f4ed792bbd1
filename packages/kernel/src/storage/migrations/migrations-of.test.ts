import { expect, it } from 'vitest'
import { migrationsOf } from './migrate.js'

const noop = { up: async () => undefined }

it('gathers the kernel’s and the plugins’ migrations; refuses a name given twice or without its plugin’s prefix', () => {
  const names = Object.keys(migrationsOf({ plugins: [{ name: 'audit', migrations: { 'audit/2026-12-01-01-entries': noop } }, { name: 'none' }] }))
  expect(names).toEqual(['2026-11-22-01-create-chat-tables', '2026-11-29-01-add-message-sources', 'audit/2026-12-01-01-entries'])
  const clash = { plugins: [{ name: 'a', migrations: { 'a/2026-12-01-01-x': noop } }, { name: 'a', migrations: { 'a/2026-12-01-01-x': noop } }] }
  expect(() => migrationsOf(clash)).toThrow('The migration "a/2026-12-01-01-x" is given by both "a" and "a".')
  expect(() => migrationsOf({ plugins: [{ name: 'c', migrations: { '2026-11-22-01-create-chat-tables': noop } }] })).toThrow('must be named "c/…"')
})

it('keeps a removed plugin’s migration records inert, and stops at an unknown kernel migration (a newer release’s)', async () => {
  const { createDatabase } = await import('../../stores/database.js')
  const { migrate } = await import('./migrate.js')
  const database = await createDatabase(':memory:')
  try {
    await migrate(database.db, migrationsOf({ plugins: [{ name: 'audit', migrations: { 'audit/2026-12-01-01-entries': noop } }] }))
    // The audit plugin is gone: its record stays and nothing fails.
    expect(await migrate(database.db)).toEqual([])
    await migrate(database.db, { ...migrationsOf({ plugins: [] }), '2099-01-01-01-from-the-future': noop })
    await expect(migrate(database.db)).rejects.toThrow(/2099-01-01-01-from-the-future/)
  } finally {
    await database.close()
  }
})
