import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateAppKey } from '@chatbot-kit/kernel'
import { createPostgresSchema } from '@chatbot-kit/test-utils'

export const BIN = fileURLToPath(new URL('../bin/chatbot.mjs', import.meta.url))

/** The line `chatbot serve` prints once it listens; group 1 is its origin. */
export const SERVE_URL_LINE = /serving (http:\/\/[\d.]+:\d+)\/chatbot/
const BUILT = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))

/** The CLI runs from its build output, as users run it; `npm test` builds first. */
export function assertBuilt(): void {
  if (!existsSync(BUILT)) throw new Error('packages/chatbot is not built: run `npm run build` (npm test does) before these tests.')
}

// A test that times out never reaches its `finally`; no server it started may outlive the run.
const children = new Set<ChildProcess>()
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')))

function track<C extends ChildProcess>(child: C): C {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

export function tempProject(): string {
  return mkdtempSync(join(tmpdir(), 'chatbot-cli-'))
}

/**
 * An app key and an admin token for `chatbot dev` run in playground/: without them it would keep
 * a dev key and a token in playground/.data/, which a test must not write.
 */
export const PLAYGROUND_SECRETS = { CHATBOT_APP_KEY: generateAppKey(), CHATBOT_ADMIN_TOKEN: 'playground-test-admin-token' }

/**
 * Env for the CLI as a user runs it: without the machine's CHATBOT_* variables and without the
 * test runner's (consola hides informational output when it sees VITEST or NODE_ENV=test).
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(CHATBOT_|VITEST|NODE_ENV$|TEST$)/.test(key)) env[key] = value
  }
  return { ...env, NO_COLOR: '1', ...extra }
}

export function run(args: string[], cwd: string, env: Record<string, string> = cleanEnv()): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = track(spawn(process.execPath, [BIN, ...args], { cwd, env }))
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Starts a long-running command and resolves once its output matches `ready`; `bin` is the path
 * Node runs (default the package's bin), e.g. `node_modules/.bin/chatbot` as the docs say.
 */
export function start(args: string[], cwd: string, env: Record<string, string>, ready: RegExp, bin = BIN): Promise<{ child: ChildProcess; match: RegExpMatchArray; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, [bin, ...args], { cwd, env }))
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk
      const match = output.match(ready)
      if (match) resolve({ child, match, output: () => output })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('close', (code) => reject(new Error(`chatbot ${args.join(' ')} exited with ${code}:\n${output}`)))
  })
}

export function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode)
    child.removeAllListeners('close')
    child.on('close', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}

const postgresUrl = process.env.CHATBOT_TEST_POSTGRES_URL

/** The databases a spawned command runs on: a SQLite file in the project, and a fresh Postgres schema (skipped without the URL). */
export const DATABASE_TARGETS = [
  { name: 'sqlite', skip: false, database: async (dir: string) => ({ url: join(dir, '.data', 'chatbot.sqlite'), drop: async () => {} }) },
  { name: 'postgres', skip: !postgresUrl, database: async () => createPostgresSchema(postgresUrl!) },
]

/** A preload (for `NODE_OPTIONS=--import <file>`) that appends the URL of every module Node loads to `log`. */
export function moduleLogger(dir: string, log: string): string {
  const hook = `import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context) }`
  const file = join(dir, 'log-modules.mjs')
  writeFileSync(file, `import { register } from 'node:module'\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)})\n`)
  return file
}
