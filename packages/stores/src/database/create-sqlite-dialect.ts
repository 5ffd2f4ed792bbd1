import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { SqliteDialect } from 'kysely'
import { createStatementCache } from './create-statement-cache.js'
import { importDriver } from './import-driver.js'
import { startCheckpointer } from './sqlite-checkpointer.js'

/** How long a writer waits for another process's lock before SQLITE_BUSY (e.g. `chatbot prune` next to the server). */
const BUSY_TIMEOUT_MS = 5_000

/** A Kysely dialect over one better-sqlite3 connection to `path` (a file, or `:memory:`). */
export async function createSqliteDialect(path: string): Promise<SqliteDialect> {
  // Loaded lazily like `pg`, so Postgres users never load the native SQLite module. It is an
  // optional dependency: a failed native build leaves it out of node_modules.
  const { default: Database } = await importDriver('better-sqlite3', 'The database is a SQLite file (CHATBOT_DATABASE_URL, default .data/chatbot.sqlite)', () => import('better-sqlite3'))
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const database = new Database(path)
  // WAL lets readers (history, admin) run while a turn writes; NORMAL is durable in WAL mode
  // except for the last commits on power loss, and avoids an fsync per message.
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = NORMAL')
  // Off by default in SQLite; cascading deletes of messages depend on it.
  database.pragma('foreign_keys = ON')
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  const checkpointer = path === ':memory:' ? undefined : startCheckpointer(database, path)
  return new SqliteDialect({ database: createStatementCache(database, () => checkpointer?.stop()) })
}
