import { expect, it } from 'vitest'
import { migrationsOf } from './migrate.js'

const noop = { up: async () => undefined }

it('gathers the kernel’s and the plugins’ migrations, and refuses a name given twice', () => {
  const names = Object.keys(migrationsOf({ plugins: [{ name: 'audit', migrations: { '2026-12-01-01-audit': noop } }, { name: 'none' }] }))
  expect(names).toEqual(['2026-11-22-01-create-chat-tables', '2026-12-01-01-audit'])
  const clash = { plugins: [{ name: 'a', migrations: { '2026-12-01-01-x': noop } }, { name: 'b', migrations: { '2026-12-01-01-x': noop } }] }
  expect(() => migrationsOf(clash)).toThrow('The migration "2026-12-01-01-x" is given by both "a" and "b".')
  expect(() => migrationsOf({ plugins: [{ name: 'c', migrations: { '2026-11-22-01-create-chat-tables': noop } }] })).toThrow('given by both "kernel" and "c"')
})
