import { ChatbotException } from './base.js'

/** Start-up: the database or counter URL needs a driver package that is not installed. */
export class ChatbotDriverMissingException extends ChatbotException {
  /** The npm package to install (`pg`, `ioredis`, `better-sqlite3`). */
  readonly driver: string
  /** `purpose` says what asked for it: `CHATBOT_DATABASE_URL (database.url) is a postgres:// URL`. */
  constructor(driver: string, purpose: string, cause?: unknown) {
    super(`${purpose}, but the "${driver}" package is not installed: npm install ${driver}`, { code: 'driver_missing', status: 500, cause })
    this.driver = driver
  }
}

/** Migrating: a table we would create already exists and is not ours (a host's `messages` table). */
export class ChatbotTableConflictException extends ChatbotException {
  readonly table: string
  /** The Postgres schema it is in; undefined on SQLite. */
  readonly schema: string | undefined
  constructor(table: string, schema: string | undefined, tablePrefix: string) {
    const where = schema === undefined ? 'in the database' : `in schema "${schema}"`
    const prefix = tablePrefix === 'chatbot_' ? 'chatbot2_' : 'chatbot_'
    const fix = `set database.tablePrefix (CHATBOT_DATABASE_TABLE_PREFIX), e.g. "${prefix}"${schema === undefined ? '' : ', or database.schema'}`
    super(`Table "${table}" already exists ${where} and was not created by chatbot-kit: ${fix}.`, { code: 'table_conflict', status: 500 })
    this.table = table
    this.schema = schema
  }
}

/** Start-up: a configuration value is invalid; the message names the key. */
export class ChatbotConfigException extends ChatbotException {
  readonly key: string
  constructor(key: string, problem: string) {
    super(`Invalid configuration "${key}": ${problem}`, { code: 'config_invalid', status: 500 })
    this.key = key
  }
}
