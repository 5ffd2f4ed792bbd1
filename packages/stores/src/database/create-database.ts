import { Kysely } from 'kysely'
import { createPostgresDialect } from './create-postgres-dialect.js'
import { createSqliteDialect } from './create-sqlite-dialect.js'
import type { DatabaseDialect } from './dialect-of.js'
import type { DatabaseWarn } from './guard-postgres-pool.js'
import { createTableLayoutPlugin } from './table-layout.js'
import { configError } from '../failures.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a caller without a schema type queries untyped
export interface StoresDatabase<S = any> {
  db: Kysely<S>
  dialect: DatabaseDialect
  /** Closes the SQLite file or ends the Postgres pool. */
  close(): Promise<void>
}

/** Where the database is and where our tables live in it (config `database`). */
export interface DatabaseTarget {
  url: string
  /** Put before every table, index and constraint name we create (`chatbot_` → `chatbot_messages`); default none. */
  tablePrefix?: string
  /** Postgres: the schema of our tables, created when missing; default the connection's current one. */
  schema?: string
  /** Postgres: the most connections the pool opens (default 10); the URL's `?max=` wins. */
  poolSize?: number
}

export interface DatabaseOptions {
  /** Where lost Postgres connections are reported (the chatbot's logger); default a process warning. */
  warn?: DatabaseWarn
  /** Our tables, which `tablePrefix` and `schema` apply to. */
  tables?: readonly string[]
}

/** `pg`'s own default, kept as ours. */
const DEFAULT_POOL_SIZE = 10
const POSTGRES_URL = /^postgres(ql)?:\/\//i
const ANY_URL = /^[a-z][a-z\d+.-]*:\/\//i

/**
 * Opens the database named by `url` (config `database`, env `CHATBOT_DATABASE_URL`):
 * `postgres://…` / `postgresql://…`, or else a SQLite file path (parent folders are created)
 * or `:memory:`. Postgres connects lazily: an unreachable server fails the first query.
 * With a `tablePrefix` or `schema`, every query made through `db` (the repositories, plugins'
 * own queries, `migrate`, health) finds our tables there; raw SQL must name them with
 * `sql.table('messages')`, as plain text is never rewritten.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see StoresDatabase
export async function createDatabase<S = any>(target: string | DatabaseTarget, options: DatabaseOptions = {}): Promise<StoresDatabase<S>> {
  const { url, tablePrefix = '', schema, poolSize = DEFAULT_POOL_SIZE } = typeof target === 'string' ? { url: target } : target
  if (!POSTGRES_URL.test(url) && ANY_URL.test(url)) {
    // Otherwise `mysql://…` would silently become a SQLite file in a folder named `mysql:`.
    throw configError('database', `unsupported URL scheme "${url.split('://')[0]}://": use postgres:// or a SQLite file path`)
  }
  const dialect: DatabaseDialect = POSTGRES_URL.test(url) ? 'postgres' : 'sqlite'
  if (schema !== undefined && dialect === 'sqlite') {
    throw configError('database.schema', 'is for Postgres only; to keep our tables apart in SQLite, set database.tablePrefix')
  }
  const db = new Kysely<S>({
    dialect: dialect === 'postgres' ? await createPostgresDialect(url, options.warn ?? warnProcess, poolSize) : await createSqliteDialect(url),
    // None by default: a 1.0 database is queried exactly as before.
    plugins: tablePrefix || schema ? [createTableLayoutPlugin({ tablePrefix, schema, tables: options.tables })] : [],
  })
  return { db, dialect, close: () => db.destroy() }
}

const warnProcess: DatabaseWarn = (message, error) =>
  process.emitWarning(`${message} ${error instanceof Error ? error.message : String(error)}`, 'ChatbotDatabaseWarning')
