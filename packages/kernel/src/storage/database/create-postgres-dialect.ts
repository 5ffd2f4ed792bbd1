import { PostgresDialect } from 'kysely'
import { importDriver } from './import-driver.js'

/** Bounds a connection attempt, so an unreachable server fails a health probe instead of hanging it. */
const CONNECT_TIMEOUT_MS = 5_000

/** A Kysely dialect over a `pg.Pool` for a `postgres://` URL. */
export async function createPostgresDialect(url: string): Promise<PostgresDialect> {
  // Lazy, so SQLite users never load `pg`; an optional peer, so it may not be installed at all.
  const { default: pg } = await importDriver('pg', 'CHATBOT_DATABASE_URL (database.url) is a postgres:// URL', () => import('pg'))
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Per pool rather than `pg.types.setTypeParser`, which would change every `pg` user in the process.
    // `count(*)` and bigint ids are int8, which pg returns as strings; ours stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client that loses its connection emits `error` on the pool; unhandled, that would
  // crash the process. The pool drops the client and the next query reports the problem.
  pool.on('error', () => {})
  return new PostgresDialect({ pool })
}
