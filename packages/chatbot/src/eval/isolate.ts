import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createDatabase, type ResolvedConfig } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'
import { copyToEvalSchema } from './postgres-copy.js'

type DatabaseConfig = ResolvedConfig['database']

const POSTGRES_URL = /^postgres(ql)?:\/\//i

/** Where the eval's turns store what they store, and how that place is removed afterwards. */
export interface IsolatedDatabase {
  database: DatabaseConfig
  /** The throwaway copy, for the log line; undefined for `:memory:`. */
  where?: string
  remove(): Promise<void>
}

/**
 * A database for the eval's turns that is not the host's, with the host's knowledge in it. SQLite:
 * a copy of the file (`VACUUM INTO`, a consistent snapshot that only reads the original) in a
 * temporary folder, or a fresh one when the file does not exist yet. Postgres: a temporary schema
 * of the same database, migrated, with the host's tables copied into it except conversations and
 * what belongs to them, dropped at the end. `:memory:` is already throwaway.
 */
export async function isolateDatabase(config: ResolvedConfig, cwd: string): Promise<IsolatedDatabase> {
  const { database } = config
  if (database.url === ':memory:') return { database, remove: async () => undefined }
  if (POSTGRES_URL.test(database.url)) return copyToEvalSchema(config)
  const folder = await mkdtemp(join(tmpdir(), 'chatbot-eval-'))
  const copy = join(folder, 'eval.sqlite')
  const original = resolve(cwd, database.url)
  if (existsSync(original)) {
    const host = await createDatabase(original)
    try {
      await sql`VACUUM INTO ${copy}`.execute(host.db)
    } finally {
      await host.close()
    }
  }
  return { database: { ...database, url: copy }, where: copy, remove: () => rm(folder, { recursive: true, force: true }) }
}
