import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { cleanEnv, tempProject } from './cli.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const KERNEL = join(ROOT, 'packages', 'kernel')
const DRIVERS = ['pg', 'ioredis', 'better-sqlite3']

beforeAll(() => {
  if (!existsSync(join(KERNEL, 'dist', 'kernel.js'))) throw new Error('packages/kernel is not built: run `npm run build` (npm test does) before these tests.')
})

/**
 * A project whose node_modules has the built kernel and everything it may import, except the
 * database and Redis drivers: an install where the optional ones were left out. The kernel and
 * unstorage (whose Redis driver imports ioredis) are copies, because Node resolves a linked
 * package's imports from where it really is, next to the monorepo's drivers; the rest (the
 * provider client among them) are links.
 */
function projectWithoutDrivers(): string {
  const dir = tempProject()
  const modules = join(dir, 'node_modules')
  const copy = (from: string, to: string) => cpSync(from, to, { recursive: true, filter: (path) => !relative(from, path).includes('node_modules') })
  copy(join(KERNEL, 'package.json'), join(modules, '@chatbot-kit', 'kernel', 'package.json'))
  copy(join(KERNEL, 'dist'), join(modules, '@chatbot-kit', 'kernel', 'dist'))
  copy(join(ROOT, 'node_modules', 'unstorage'), join(modules, 'unstorage'))
  const skipped = new Set([...DRIVERS, 'unstorage', '@chatbot-kit', '.bin'])
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (skipped.has(entry) || entry.startsWith('.')) continue
    const names = entry.startsWith('@') ? readdirSync(join(ROOT, 'node_modules', entry)).map((name) => `${entry}/${name}`) : [entry]
    for (const name of names) link(dir, name)
  }
  // The kernel's provider client, which imports no driver.
  link(dir, '@chatbot-kit/provider')
  return dir
}

/** Links `name` into the project, the kernel's own copy when it has one. */
function link(dir: string, name: string): void {
  const own = join(KERNEL, 'node_modules', name)
  const target = join(dir, 'node_modules', name)
  mkdirSync(dirname(target), { recursive: true })
  symlinkSync(existsSync(own) ? own : join(ROOT, 'node_modules', name), target, 'dir')
}

const PROBE = `
import { createCounterStore, createDatabase } from '@chatbot-kit/kernel'
const attempts = {
  pg: () => createDatabase('postgres://nobody@127.0.0.1:1/none'),
  'better-sqlite3': () => createDatabase(':memory:'),
  ioredis: () => createCounterStore('redis://127.0.0.1:1'),
}
for (const [driver, open] of Object.entries(attempts)) {
  try {
    await (await open()).close()
    console.log(JSON.stringify({ driver, opened: true }))
  } catch (error) {
    console.log(JSON.stringify({ driver, code: error.code?.(), message: error.message, missing: error.driver }))
  }
}
`

interface ProbeResult {
  driver: string
  opened?: boolean
  code?: string
  message?: string
  missing?: string
}

/** Opens each driver's store with the built kernel, in a plain Node process started in `dir`. */
function probe(dir: string): Promise<Record<string, ProbeResult>> {
  writeFileSync(join(dir, 'probe.mjs'), PROBE)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['probe.mjs'], { cwd: dir, env: cleanEnv() })
    let output = ''
    let errors = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (errors += chunk))
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`probe exited with ${code}:\n${output}${errors}`))
      resolve(Object.fromEntries(output.trim().split('\n').map((line) => JSON.parse(line) as ProbeResult).map((result) => [result.driver, result])))
    })
  })
}

describe('optional drivers', () => {
  it('a missing driver stops start-up with a typed error that names the package and the install command', async () => {
    const dir = projectWithoutDrivers()
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    expect(await probe(dir)).toEqual({
      pg: {
        driver: 'pg',
        code: 'driver_missing',
        missing: 'pg',
        message: 'CHATBOT_DATABASE_URL (database.url) is a postgres:// URL, but the "pg" package is not installed: npm install pg',
      },
      'better-sqlite3': {
        driver: 'better-sqlite3',
        code: 'driver_missing',
        missing: 'better-sqlite3',
        message: 'The database is a SQLite file (CHATBOT_DATABASE_URL, default .data/chatbot.sqlite), but the "better-sqlite3" package is not installed: npm install better-sqlite3',
      },
      ioredis: {
        driver: 'ioredis',
        code: 'driver_missing',
        missing: 'ioredis',
        message: 'CHATBOT_STORAGE_URL (storage) is a redis:// URL, but the "ioredis" package is not installed: npm install ioredis',
      },
    })

    // The same project once the drivers are installed: each store opens.
    for (const driver of DRIVERS) link(dir, driver)
    expect(await probe(dir)).toEqual({
      pg: { driver: 'pg', opened: true },
      'better-sqlite3': { driver: 'better-sqlite3', opened: true },
      ioredis: { driver: 'ioredis', opened: true },
    })
  })
})
