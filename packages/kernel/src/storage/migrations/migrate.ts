import { Migrator, sql, type Kysely, type QueryExecutorProvider } from 'kysely'
import { dialectOf } from '../database/dialect-of.js'
import { migrations } from './all-migrations.js'

/** Kysely's default name, kept so the table is recognisable. */
const MIGRATION_TABLE = 'kysely_migration'

/** Applies the pending migrations in order; returns the names applied (empty when up to date). */
export async function migrate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator works on an untyped database
  db: Kysely<any>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its table in every Postgres schema; pinning it to the current one keeps
    // a database shared by several schemas (tenants, parallel test runs) from mixing them up.
    migrationTableSchema: dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined,
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrating failed: ${reason}`, {
      cause: error,
    })
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/**
 * Names of the migrations not applied yet, in order. One small query, as health calls it on every
 * probe; all are pending when the migration table does not exist. Throws when the database is unreachable.
 */
export async function pendingMigrations(db: QueryExecutorProvider): Promise<string[]> {
  const applied = await appliedMigrations(db)
  return Object.keys(migrations)
    .sort()
    .filter((name) => !applied.has(name))
}

async function appliedMigrations(db: QueryExecutorProvider): Promise<Set<string>> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db)
    return new Set(rows.map((row) => row.name))
  } catch (error) {
    if (isMissingTable(error)) return new Set()
    throw error
  }
}

/** Postgres `undefined_table`, or SQLite's message for it (SQLite has no specific code). */
function isMissingTable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  return code === '42P01' || (typeof message === 'string' && message.startsWith('no such table'))
}

async function currentSchema(db: QueryExecutorProvider): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  // null when no schema on the search_path exists; Postgres would then fail to create tables anyway.
  if (!schema) throw new Error('Postgres has no current schema: check the search_path.')
  return schema
}
