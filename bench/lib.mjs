// Shared helpers for the benchmark: child processes, percentiles, RSS, small HTTP requests.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
export const ROOT = join(BENCH_DIR, '..')

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine. */
export const wallNow = () => performance.timeOrigin + performance.now()

const children = new Set()
export function trackChild(child) {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}
export function killAll() {
  for (const child of children) {
    try {
      child.kill('SIGKILL')
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll()
    process.exit(130)
  })
}
process.once('exit', killAll)

/** Spawns `node args…` (`node`: another Node binary), resolves with the child once `match` returns a value for a stdout line. */
export function spawnUntil(args, { env = process.env, cwd = ROOT, match, timeoutMs = 20_000, onLine, name = 'child', node = process.execPath } = {}) {
  const child = trackChild(spawn(node, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] }))
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000)
  })
  return new Promise((resolve, reject) => {
    let done = false
    let buffer = ''
    const timer = setTimeout(() => finish(new Error(`${name} did not start in ${timeoutMs} ms: ${stderr}`)), timeoutMs)
    function finish(error, value) {
      if (done) return
      done = true
      clearTimeout(timer)
      if (error) {
        child.kill('SIGKILL')
        reject(error)
      } else resolve({ child, value, stderr: () => stderr })
    }
    child.stdout.on('data', (chunk) => {
      buffer += chunk
      let index
      while ((index = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 1)
        if (!done) {
          const value = match(line)
          if (value !== undefined) finish(undefined, value)
        } else onLine?.(line)
      }
    })
    child.once('exit', (code) => finish(new Error(`${name} exited (${code}) before it was ready: ${stderr}`)))
  })
}

export function stopChild(child, timeoutMs = 3000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export function percentile(values, p) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}
export const median = (values) => percentile(values, 50)

/** The soft limit of open files of a process (Linux /proc), or null. */
export function openFilesLimit(pid) {
  try {
    const match = /Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/** Resident set size of a process, in bytes (Linux /proc). */
export function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

/** GET `url`, resolves `{ status, body, ms }` (a fresh connection, no keep-alive). */
export function httpGet(url, timeoutMs = 5000) {
  return new Promise((resolve) => {
    const start = performance.now()
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body, ms: performance.now() - start }))
      res.on('error', () => resolve({ status: 0, body, ms: performance.now() - start }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - start }))
  })
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * How long after `chatbot serve` is up a scenario waits before it measures: the kernel loads its
 * tokenizer table 1 s after start-up (~300 ms of the event loop, ~70 MB of RSS). That is start-up,
 * not a resume, a stop or an open stream.
 */
export const WARM_UP_SETTLE_MS = 2000

/**
 * Splits text chunks of an SSE response into events and calls `onFrame({ id, data })` per event
 * (`id` undefined when the event has none, `data` as sent after `data:`).
 */
export function createSseFrameReader(onFrame) {
  let buffer = ''
  return (chunk) => {
    buffer += chunk
    let index
    while ((index = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, index)
      buffer = buffer.slice(index + 2)
      let id
      let data
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trimStart()
        else if (line.startsWith('data:')) data = line.slice(5).trimStart()
      }
      if (data !== undefined) onFrame({ id, data })
    }
  }
}

/** The `data` of each event only: the bench's load process and the fault suite read no ids. */
export const createSseDataReader = (onData) => createSseFrameReader(({ data }) => onData(data))

export const POSTGRES_URL = process.env.CHATBOT_TEST_POSTGRES_URL
export const REDIS_URL = process.env.CHATBOT_TEST_REDIS_URL

/**
 * Runs `body(env)` with the environment of the multi-instance mode (a fresh Postgres schema and
 * Redis storage), dropping the schema afterwards. Undefined when either service is not configured.
 */
export async function withSharedStores(body) {
  if (!POSTGRES_URL || !REDIS_URL) return undefined
  const schema = `chatbot_bench_${randomBytes(6).toString('hex')}`
  try {
    return await body({ CHATBOT_DATABASE_URL: POSTGRES_URL, CHATBOT_DATABASE_SCHEMA: schema, CHATBOT_STORAGE_URL: REDIS_URL })
  } finally {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: POSTGRES_URL })
    await client.connect()
    try {
      await client.query(`drop schema if exists "${schema}" cascade`)
    } finally {
      await client.end()
    }
  }
}
export const SHARED_STORES_SKIPPED = 'skipped: CHATBOT_TEST_POSTGRES_URL and CHATBOT_TEST_REDIS_URL not both set'

/** Runs `body(chatbots)` against fresh `chatbot serve` processes on `provider`, stopping them after. */
export async function withChatbots(b, provider, envs, body) {
  const chatbots = []
  try {
    // One after the other: the first migrates a shared database before the second starts.
    for (const env of envs) chatbots.push(await b.startChatbot(provider.url, { env }))
    await sleep(WARM_UP_SETTLE_MS)
    return await body(chatbots)
  } finally {
    await Promise.all(chatbots.map((c) => stopChild(c.child)))
  }
}

export async function withProvider(b, options, body) {
  const provider = await b.startProvider(options)
  try {
    return await body(provider)
  } finally {
    await stopChild(provider.child)
  }
}

