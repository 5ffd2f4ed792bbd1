import { pendingMigrationsOf, runMigrations, type Migrations } from '@chatbot-kit/stores'
import type { Kysely, Migration, QueryExecutorProvider } from 'kysely'
import { bindStores } from '../../stores/to-exception.js'
import { migrations as kernelMigrations } from './all-migrations.js'

/**
 * Applies the pending migrations in order; returns the names applied (empty when up to date).
 * Our tables go where `db` was opened to put them (`database.tablePrefix`, `database.schema`,
 * the schema being created when missing). A table of the same name that is not ours stops it
 * with a `ChatbotTableConflictException` before anything is written.
 */
export async function migrate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator works on an untyped database
  db: Kysely<any>,
  /** The kernel's and the plugins' (`migrationsOf(config)`); default the kernel's alone. */
  migrations: Migrations = kernelMigrations,
): Promise<string[]> {
  return bindStores(() => runMigrations(db, migrations))
}

/**
 * Names of the migrations not applied yet, in order. One small query, as health calls it on every
 * probe; all are pending when the migration table does not exist. Throws when the database is unreachable.
 */
export function pendingMigrations(db: QueryExecutorProvider, migrations: Migrations = kernelMigrations): Promise<string[]> {
  return bindStores(() => pendingMigrationsOf(db, migrations))
}

/**
 * The kernel's migrations and every plugin's of a config, by name. A plugin's are named
 * `<plugin>/<date>-…`: they sort after the kernel's, and a removed plugin's records are told
 * from a newer kernel's. A name given twice, or a plugin's without its prefix, stops start-up.
 */
export function migrationsOf(config: { plugins: readonly { name: string; migrations?: Readonly<Record<string, Migration>> }[] }): Record<string, Migration> {
  const all: Record<string, Migration> = { ...kernelMigrations }
  const owners = new Map(Object.keys(kernelMigrations).map((name) => [name, 'kernel']))
  for (const plugin of config.plugins) {
    for (const [name, migration] of Object.entries(plugin.migrations ?? {})) {
      if (!name.startsWith(`${plugin.name}/`)) throw new TypeError(`The migration "${name}" of the plugin "${plugin.name}" must be named "${plugin.name}/…".`)
      if (owners.has(name)) throw new TypeError(`The migration "${name}" is given by both "${owners.get(name)}" and "${plugin.name}".`)
      owners.set(name, plugin.name)
      all[name] = migration
    }
  }
  return all
}
