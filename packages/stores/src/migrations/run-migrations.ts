import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely'
import { dialectOf } from '../database/dialect-of.js'
import { tableLayoutOf } from '../database/table-layout.js'
import { assertNoForeignTables } from './assert-no-foreign-tables.js'

/** Migrations by name; applied in the order of their names. */
export type Migrations = Readonly<Record<string, Migration>>

/**
 * Applies the pending `migrations` in order; returns the names applied (empty when up to date).
 * Tables go where `db` was opened to put them (its table prefix and schema, the schema being
 * created when missing). A table of the same name that is not ours stops it with a
 * `table_conflict` StoresError before anything is written.
 */
export async function runMigrations(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator works on an untyped database
  db: Kysely<any>,
  migrations: Migrations,
): Promise<string[]> {
  const { tablePrefix, schema } = tableLayoutOf(db)
  // Kysely looks for its table in every Postgres schema; pinning it to ours (else the current one)
  // keeps a database shared by several schemas (tenants, parallel test runs) from mixing them up.
  const tableSchema = dialectOf(db) === 'postgres' ? (schema ?? (await currentSchema(db))) : undefined
  const applied = await appliedMigrations(db)
  await assertNoForeignTables(db, applied, tableSchema, migrations)
  // A plugin's migrations come and go with the plugin: one installed later may be dated before
  // migrations already applied, and the records of a removed plugin's (named `<plugin>/…`) stay
  // behind, applied and inert. An unknown unprefixed migration is a newer release's: Kysely refuses it.
  const gone = Object.fromEntries([...applied].filter((name) => !(name in migrations) && name.includes('/')).map((name) => [name, { up: async () => undefined }]))
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...gone, ...migrations }) },
    allowUnorderedMigrations: true,
    migrationTableSchema: tableSchema,
    // Given in full: the layout plugin renames Kysely's default names only, as queries use them.
    migrationTableName: tablePrefix + DEFAULT_MIGRATION_TABLE,
    migrationLockTableName: tablePrefix + DEFAULT_MIGRATION_LOCK_TABLE,
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
 * Names of `migrations` not applied yet, in order. One small query, as a health probe may call it
 * often; all are pending when the migration table does not exist. Throws when the database is unreachable.
 */
export async function pendingMigrationsOf(db: QueryExecutorProvider, migrations: Migrations): Promise<string[]> {
  const applied = await appliedMigrations(db)
  return Object.keys(migrations)
    .sort()
    .filter((name) => !applied.has(name))
}

async function appliedMigrations(db: QueryExecutorProvider): Promise<Set<string>> {
  try {
    // The layout plugin, when `db` has one, points this at our prefixed table in our schema.
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db)
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
