// What a scenario runs against: `chatbot serve` as a child process (so a crash is seen as an
// exit), a fresh database (a SQLite file, or a Postgres schema of its own), a Redis database
// index of the suite's own, envelopes signed with the run's app key, and the stored rows.
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes, randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rssBytes, spawnUntil, stopChild } from '../bench/lib.mjs'

export const CHAOS_DIR = dirname(fileURLToPath(import.meta.url))
export const ROOT = join(CHAOS_DIR, '..')
export const APP_KEY = `base64:${randomBytes(32).toString('base64')}`
export const POSTGRES_URL = process.env.CHATBOT_TEST_POSTGRES_URL
export const REDIS_URL = process.env.CHATBOT_TEST_REDIS_URL
/** Redis database index the suite writes to, away from the tests' index 0. */
export const REDIS_DB = 13
const HIGH = '1000000000'

const work = mkdtempSync(join(tmpdir(), 'chatbot-chaos-'))
process.once('exit', () => rmSync(work, { recursive: true, force: true }))

const { createEnvelopeSigner, countTokens, loadTokenizer } = await import('../packages/kernel/dist/kernel.js')
const { createPostgresSchema } = await import('../packages/test-utils/dist/postgres-schema.js')
export { countTokens }
export const { createTcpProxy } = await import('../packages/test-utils/dist/tcp-proxy.js')
await loadTokenizer()

const signer = createEnvelopeSigner({ appKey: APP_KEY })
/** A valid envelope for `userId` on `channel`. */
export const envelope = (userId, channel = 'default', extractors) => signer.mint({ userId, route: 'chaos', channel, ...(extractors && { extractors }) })
export const runId = randomUUID().slice(0, 8)

/** `redis://…/13` on `port` (the real Redis, or a proxy in front of it). */
export function redisUrl(port) {
  const url = new URL(REDIS_URL)
  if (port) url.port = String(port)
  url.pathname = `/${REDIS_DB}`
  return url.toString()
}

/** A fresh database: `{ kind, url, connect(port?) → url through a proxy, rows(), drop() }`. */
export async function createDatabase(kind) {
  if (kind === 'sqlite') {
    const url = join(mkdtempSync(join(work, 'db-')), 'chatbot.sqlite')
    const { default: Database } = await import('better-sqlite3')
    return {
      kind,
      url,
      connect: () => url,
      rows: async () => {
        const db = new Database(url, { readonly: true })
        try {
          return db.prepare(ROWS_SQL).all()
        } finally {
          db.close()
        }
      },
      drop: async () => {},
    }
  }
  const schema = await createPostgresSchema(POSTGRES_URL)
  const { default: pg } = await import('pg')
  return {
    kind,
    url: schema.url,
    connect: (port) => {
      const url = new URL(schema.url)
      if (port) url.port = String(port)
      url.searchParams.set('application_name', `chaos_${schema.name}`)
      return url.toString()
    },
    applicationName: `chaos_${schema.name}`,
    rows: async () => {
      const client = new pg.Client({ connectionString: schema.url })
      await client.connect()
      try {
        return (await client.query(ROWS_SQL)).rows
      } finally {
        await client.end()
      }
    },
    drop: () => schema.drop(),
  }
}

const ROWS_SQL = `select c.public_id as conversation, c.user_id as user_id, m.role as role, m.content as content,
  m.status as status, m.finish_reason as finish_reason, m.public_id as message_id
  from messages m join conversations c on c.id = m.conversation_id order by m.id`

/** The environment of one `chatbot serve`: limits high unless `overrides` say otherwise. */
export function serverEnv(providerUrl, databaseUrl, overrides = {}) {
  return {
    ...process.env,
    CHATBOT_APP_KEY: APP_KEY,
    CHATBOT_BASE_URL: providerUrl,
    CHATBOT_API_KEY: 'chaos',
    CHATBOT_MODEL: 'chaos',
    CHATBOT_ROUTE_MIDDLEWARE: '',
    CHATBOT_THROTTLE_PER_MINUTE: HIGH,
    CHATBOT_THROTTLE_PER_DAY: HIGH,
    CHATBOT_DAILY_QUOTA_INPUT: HIGH,
    CHATBOT_DAILY_QUOTA_OUTPUT: HIGH,
    CHATBOT_STREAM_DURATION: '5',
    CHATBOT_PROVIDER_RETRIES: '1',
    CHATBOT_DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    ...overrides,
  }
}

/**
 * Starts `chatbot serve --port 0`; resolves `{ child, url (…/chatbot), port, exited, stderr() }`.
 * `exited` turns true when the process ends on its own (a crash, unless the suite stopped it).
 */
export async function startServer(env, { port = 0 } = {}) {
  const args = [join(ROOT, 'packages/chatbot/bin/chatbot.mjs'), 'serve', '--port', String(port), '--config', join(CHAOS_DIR, 'chatbot.chaos.config.mjs')]
  const { child, value, stderr } = await spawnUntil(args, { name: 'chatbot serve', cwd: work, env, match: (line) => /serving (http:\/\/\S+)/.exec(line)?.[1] })
  const server = { child, url: value, port: Number(new URL(value).port), exited: false, exitCode: null, stopping: false, stderr }
  child.once('exit', (code, signal) => {
    server.exited = true
    server.exitCode = code ?? signal
  })
  child.stdout.resume()
  return server
}

/** The server process's resident memory in bytes (Linux), or null. */
export const rssOf = (server) => rssBytes(server.child.pid)

/** Whether `server` ended without the suite asking it to: a crash. */
export const crashed = (server) => server.exited && !server.stopping

export async function stopServer(server, timeoutMs) {
  server.stopping = true
  await stopChild(server.child, timeoutMs)
}
