import { createDatabase as openDatabase, importDriver as importStoresDriver, type DatabaseOptions, type DatabaseTarget, type StoresDatabase } from '@chatbot-kit/stores'
import { SCHEMA_TABLES, type Schema } from '../storage/schema.js'
import { bindStores } from './to-exception.js'

export type ChatbotDatabase = StoresDatabase<Schema>

/**
 * Opens the database named by `url` (config `database`, env `CHATBOT_DATABASE_URL`):
 * `postgres://…` / `postgresql://…`, or else a SQLite file path (parent folders are created)
 * or `:memory:`. Postgres connects lazily: an unreachable server fails the first query.
 * With a `tablePrefix` or `schema`, every query made through `db` (the repositories, plugins'
 * own queries, `migrate`, health) finds our tables there; raw SQL must name them with
 * `sql.table('messages')`, as plain text is never rewritten. `options.tables` are plugins' tables.
 */
export function createDatabase(target: string | DatabaseTarget, options: DatabaseOptions = {}): Promise<ChatbotDatabase> {
  return bindStores(() => openDatabase<Schema>(target, { ...options, tables: [...SCHEMA_TABLES, ...(options.tables ?? [])] }))
}

/**
 * Runs `load` (a dynamic import of an optional peer such as `pg`, or of a module that imports
 * one); a missing `driver` is a `ChatbotDriverMissingException` saying what asked for it and what
 * to install. Any other failure, including another package missing, is rethrown as it is.
 */
export function importDriver<T>(driver: string, purpose: string, load: () => Promise<T>): Promise<T> {
  return bindStores(() => importStoresDriver(driver, purpose, load))
}
