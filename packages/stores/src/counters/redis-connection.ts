import type { Redis } from 'ioredis'

/** A command not answered in this time rejects (the request gets a 503 instead of hanging). */
const COMMAND_TIMEOUT_MS = 1500

/**
 * ioredis options for counters that fail fast and heal by themselves. By default ioredis waits
 * 10 s to connect, never times a command out, and queues commands while disconnected until they
 * have been retried 20 times: a frozen or refused Redis held every request for 10–40 s or more.
 */
export const FAIL_FAST = {
  connectTimeout: 2000,
  commandTimeout: COMMAND_TIMEOUT_MS,
  // A connection that stops answering (half-open: the peer vanished without a reset) is closed
  // once no byte came back this long after a command, and a fresh one is opened. TCP alone
  // would hold it for minutes; keep-alive probes find idle dead connections too.
  socketTimeout: COMMAND_TIMEOUT_MS + 1000,
  keepAlive: 10_000,
  // Commands queued while disconnected fail at the next failed attempt (the first connection,
  // before Redis ever answered, still queues them up to the command timeout).
  maxRetriesPerRequest: 0,
  // A command whose connection broke may have run: sending it again could count twice, and
  // its caller already got an error.
  autoResendUnfulfilledCommands: false,
  // Forever, at most 2 s apart: the store recovers by itself when Redis is back.
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
}

/** What an outage report says: the store's name, and what happens until it is back. */
export interface OutageWording {
  store: string
  meanwhile: string
}

const COUNTERS: OutageWording = { store: 'The counter store (Redis)', meanwhile: 'throttle and quota answer 503 counters_unavailable until it is back' }

/**
 * Reports an outage once, when the first error of it arrives (from any of `clients`), and the
 * recovery once, when all are ready again. Without an `error` listener ioredis would print every
 * failed reconnect attempt, one every 2 s.
 */
export function reportOutages(clients: Redis | Redis[], logger: Pick<Console, 'warn' | 'info'>, wording: OutageWording = COUNTERS): void {
  const all = Array.isArray(clients) ? clients : [clients]
  let down = false
  for (const client of all) {
    client.on('error', (error: Error) => {
      if (down) return
      down = true
      logger.warn(`${wording.store} is unreachable (${error.message}): ${wording.meanwhile}. Reconnecting.`)
    })
    client.on('ready', () => {
      if (!down || all.some((each) => each.status !== 'ready')) return
      down = false
      logger.info(`${wording.store} is reachable again.`)
    })
  }
}

/** A driver error in our own words: its message can name hosts, a client only learns the kind. */
export function reasonOf(error: unknown): string {
  const { name, message = '', code } = (error ?? {}) as { name?: string; message?: string; code?: unknown }
  if (/^NOPERM\b/.test(message)) return 'the Redis user lacks a permission the counters need (ACL)'
  if (code === 'ECONNREFUSED') return 'connection refused'
  if (code === 'ETIMEDOUT' || /timed out|timeout/i.test(message)) return 'no answer in time'
  // ioredis rejects what was queued or in flight when a connection closes or an attempt fails.
  if (name === 'MaxRetriesPerRequestError' || code === 'ECONNRESET' || /closed/i.test(message)) return 'connection lost'
  return 'command failed'
}
