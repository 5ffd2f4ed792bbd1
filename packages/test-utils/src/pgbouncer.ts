import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.js'

export const PGBOUNCER_PATH = '/usr/sbin/pgbouncer'

export interface PgBouncerOptions {
  /** The Postgres it pools (its host, port, user and database are used; no password). */
  postgresUrl: string
  /** Default `session`. */
  poolMode?: 'session' | 'transaction'
  /** PgBouncer's `default_pool_size`: server connections per user and database. Default 4. */
  poolSize?: number
}

export interface PgBouncer {
  /** `postgres://user@127.0.0.1:PORT/database`: the pooled database. */
  url: string
  /** Stops PgBouncer and removes its files. */
  close(): Promise<void>
}

/** `false`, or why PgBouncer tests skip (the visible test name). */
export function pgBouncerAvailability(): string | false {
  if (!process.env.CHATBOT_TEST_POSTGRES_URL) return 'skipped: CHATBOT_TEST_POSTGRES_URL not set'
  if (!existsSync(PGBOUNCER_PATH)) return `skipped: no PgBouncer at ${PGBOUNCER_PATH}`
  return false
}

/**
 * Debian's PgBouncer in front of `postgresUrl`, on a free loopback port, trusting every client.
 * Its files live in a temporary folder readable by `nobody`, the user it runs as under root (it
 * refuses to run as root itself).
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const upstream = new URL(options.postgresUrl)
  const database = upstream.pathname.slice(1) || 'postgres'
  const user = decodeURIComponent(upstream.username || 'postgres')
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-pgbouncer-'))
  chmodSync(dir, 0o755)
  const ini = join(dir, 'pgbouncer.ini')
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 })
  writeFileSync(
    ini,
    [
      '[databases]',
      `${database} = host=${upstream.hostname} port=${upstream.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `pool_mode = ${options.poolMode ?? 'session'}`,
      `default_pool_size = ${options.poolSize ?? 4}`,
      'max_client_conn = 200',
      // What `pg` may send at connection start; PgBouncer refuses the start-up otherwise.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
    { mode: 0o644 },
  )
  const asRoot = process.getuid?.() === 0
  const child = spawn(PGBOUNCER_PATH, [...(asRoot ? ['-u', 'nobody'] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] })
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await waitForPort(port, child, () => output)
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        // SIGINT: PgBouncer's immediate shutdown, closing its clients' connections.
        child.kill('SIGINT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited with ${child.exitCode}: ${output()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`PgBouncer did not listen on ${port} within 10 s: ${output()}`)
}
