import type { PostgresPool, PostgresPoolClient } from 'kysely'
import type pg from 'pg'
import { asDatabaseUnavailable } from './connection-failure.js'

export type DatabaseWarn = (message: string, error: unknown) => void

/**
 * The pool as Kysely sees it, made safe against connections that break:
 * - a connection dropped by the server (`pg_terminate_backend`, a restart) makes `pg` emit
 *   `error` on its client, and with no listener that kills the process. Idle clients report
 *   through the pool's `error` event, checked-out ones through their own, so both get one;
 * - a failed query or connection attempt that means "no working connection" rejects with
 *   `database_unavailable` (503, retryable) instead of the driver's error (500);
 * - a client whose query failed that way goes back to the pool as broken, so the pool closes
 *   it and connects afresh, rather than handing a frozen or dead connection to the next query.
 */
export function guardPostgresPool(pool: pg.Pool, warn: DatabaseWarn): PostgresPool {
  pool.on('error', (error) => warn('A Postgres connection in the pool failed; it is replaced on next use.', error))
  // A checked-out client's failure also rejects its running or next query, which `classify` logs.
  pool.on('connect', (client) => client.on('error', () => {}))
  /** The driver's error, as `database_unavailable` (and logged) when it means "no working connection". */
  const classify = (error: unknown) => {
    const failure = asDatabaseUnavailable(error)
    if (failure) warn(`Postgres: ${failure.message}`, error)
    return failure
  }
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw classify(error) ?? error
      })
      let broken: Error | undefined
      const query = async (text: string, parameters: readonly unknown[]) => {
        try {
          return await client.query(text, parameters as unknown[])
        } catch (error) {
          const failure = classify(error)
          broken ??= failure
          throw failure ?? error
        }
      }
      // Kysely's cursor overload is never used: the dialect is built without `cursor`.
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release(broken) }
    },
    end: () => pool.end(),
  }
}
