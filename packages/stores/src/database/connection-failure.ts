import type { StoresError } from '../error.js'
import { databaseUnavailable } from '../failures.js'

/** Socket errors of a connection that was refused, reset or could not be routed. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/**
 * SQLSTATEs that say "this connection is gone or refused", not "this query is wrong":
 * class 08 (connection exception), server shutdown and start-up (57P01–57P03), too many
 * connections (53300), and a statement cancelled by `statement_timeout` (57014).
 */
const SERVER_REASONS: Record<string, string> = {
  '57P01': 'the server ended the connection',
  '57P02': 'the server ended the connection',
  '57P03': 'the server is starting or stopping',
  '53300': 'the server has no connection to spare',
  '57014': 'the query timed out',
}

/** `pg` reports its own failures with a message only, no code. */
const PG_MESSAGES: [RegExp, string][] = [
  [/^Query read timeout$/, 'the query timed out'],
  [/timeout exceeded when trying to connect|due to connection timeout/, 'connecting timed out'],
  [/^Connection terminated|is not queryable$/, 'the connection was lost'],
]

/**
 * The driver's error as `database_unavailable` when it means "no working connection", else
 * undefined (a constraint violation, a missing table and the like stay as they are). The
 * reason is our own text, so no host, user or password reaches a client or a health answer.
 */
export function asDatabaseUnavailable(error: unknown): StoresError | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return databaseUnavailable(code === 'ECONNREFUSED' ? 'connection refused' : 'the connection failed', error)
    if (code.startsWith('08')) return databaseUnavailable('the connection failed', error)
    // SQLite: another process (a `chatbot prune`, a backup) held the write lock past `busy_timeout`.
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return databaseUnavailable('the database is locked by another process', error)
    const reason = SERVER_REASONS[code]
    if (reason) return databaseUnavailable(reason, error)
  }
  if (typeof message !== 'string') return undefined
  const known = PG_MESSAGES.find(([pattern]) => pattern.test(message))
  return known && databaseUnavailable(known[1], error)
}
