import { PostgresDialect, type DatabaseIntrospector, type Kysely } from 'kysely'
import { guardPostgresPool, type DatabaseWarn } from './guard-postgres-pool.js'
import { importDriver } from './import-driver.js'
import { postgresPoolSize } from './postgres-pool-size.js'
import { postgresTimeouts } from './postgres-timeouts.js'
import { steadyIntrospector } from './steady-introspector.js'

/** Kysely's Postgres dialect with its introspection read again when the catalog changed meanwhile (steady-introspector.ts). */
class SteadyPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return steadyIntrospector(super.createIntrospector(db))
  }
}

/** A Kysely dialect over a `pg.Pool` for a `postgres://` URL, every call bounded in time (see `postgresTimeouts`). */
export async function createPostgresDialect(url: string, warn: DatabaseWarn, poolSize: number): Promise<PostgresDialect> {
  const { url: withoutMax, max } = postgresPoolSize(url, poolSize)
  const { url: connectionString, connectionTimeoutMillis, query_timeout } = postgresTimeouts(withoutMax)
  // Lazy, so SQLite users never load `pg`; an optional peer, so it may not be installed at all.
  const { default: pg } = await importDriver('pg', 'CHATBOT_DATABASE_URL (database.url) is a postgres:// URL', () => import('pg'))
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis,
    query_timeout,
    // Names our sessions in `pg_stat_activity`; an `application_name` in the URL wins.
    application_name: 'chatbot-kit',
    // Per pool rather than `pg.types.setTypeParser`, which would change every `pg` user in the process.
    // `count(*)` and bigint ids are int8, which pg returns as strings; ours stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  return new SteadyPostgresDialect({ pool: guardPostgresPool(pool, warn) })
}
