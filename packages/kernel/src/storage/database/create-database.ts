import { Kysely } from 'kysely'
import type { Schema } from '../schema.js'
import { createPostgresDialect } from './create-postgres-dialect.js'
import { createSqliteDialect } from './create-sqlite-dialect.js'
import type { DatabaseDialect } from './dialect-of.js'
import { ChatbotConfigException } from '../../errors/index.js'

export interface ChatbotDatabase {
  db: Kysely<Schema>
  dialect: DatabaseDialect
  /** Closes the SQLite file or ends the Postgres pool. */
  close(): Promise<void>
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i
const ANY_URL = /^[a-z][a-z\d+.-]*:\/\//i

/**
 * Opens the database named by `url` (config `database`, env `CHATBOT_DATABASE_URL`):
 * `postgres://…` / `postgresql://…`, or else a SQLite file path (parent folders are created)
 * or `:memory:`. Postgres connects lazily: an unreachable server fails the first query.
 */
export async function createDatabase(url: string): Promise<ChatbotDatabase> {
  if (!POSTGRES_URL.test(url) && ANY_URL.test(url)) {
    // Otherwise `mysql://…` would silently become a SQLite file in a folder named `mysql:`.
    throw new ChatbotConfigException('database', `unsupported URL scheme "${url.split('://')[0]}://": use postgres:// or a SQLite file path`)
  }
  const dialect: DatabaseDialect = POSTGRES_URL.test(url) ? 'postgres' : 'sqlite'
  const db = new Kysely<Schema>({
    dialect: dialect === 'postgres' ? await createPostgresDialect(url) : await createSqliteDialect(url),
  })
  return { db, dialect, close: () => db.destroy() }
}
