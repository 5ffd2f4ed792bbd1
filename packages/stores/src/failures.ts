import { StoresError } from './error.js'

// One constructor per kind, so each message is worded in one place.

/** A setting is invalid; `key` names it. */
export const configError = (key: string, problem: string): StoresError =>
  new StoresError(`Invalid configuration "${key}": ${problem}`, { kind: 'config', key, reason: problem })

/** The counter store (Redis) did not answer, refused or dropped the connection. */
export const countersUnavailable = (reason: string, cause?: unknown): StoresError =>
  new StoresError(`The counter store is unavailable (${reason}); try again shortly.`, { kind: 'counters_unavailable', reason, cause })

/** A database call failed for want of a working connection. */
export const databaseUnavailable = (reason: string, cause?: unknown): StoresError =>
  new StoresError(`The database is unavailable (${reason}); try again shortly.`, { kind: 'database_unavailable', reason, cause })

/** An optional driver package (`pg`, `ioredis`, `better-sqlite3`) is not installed. */
export const driverMissing = (driver: string, purpose: string, cause?: unknown): StoresError =>
  new StoresError(`${purpose}, but the "${driver}" package is not installed: npm install ${driver}`, { kind: 'driver_missing', driver, purpose, reason: 'not installed', cause })

/** A table a migration would create exists and was not created by these migrations. */
export function tableConflict(table: string, schema: string | undefined, tablePrefix: string): StoresError {
  const where = schema === undefined ? 'in the database' : `in schema "${schema}"`
  const prefix = tablePrefix === 'chatbot_' ? 'chatbot2_' : 'chatbot_'
  const fix = `set database.tablePrefix (CHATBOT_DATABASE_TABLE_PREFIX), e.g. "${prefix}"${schema === undefined ? '' : ', or database.schema'}`
  return new StoresError(`Table "${table}" already exists ${where} and was not created by chatbot-kit: ${fix}.`, {
    kind: 'table_conflict',
    reason: 'not ours',
    table,
    schema,
    tablePrefix,
  })
}
