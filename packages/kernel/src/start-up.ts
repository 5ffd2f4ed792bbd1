import type { ConsolaInstance } from 'consola'
import type { ResolvedConfig } from './config/resolved.js'
import { createCounterStore } from './stores/index.js'
import { createDatabase, migrate, migrationsOf } from './storage/index.js'

/**
 * Opens the database (with the plugins' tables and migrations beside the kernel's) and the
 * counters, and migrates unless told not to. A refused migration closes both before it throws.
 */
export async function openStores(config: ResolvedConfig, logger: ConsolaInstance, applyMigrations: boolean) {
  const migrations = migrationsOf(config)
  const tables = config.plugins.flatMap((plugin) => plugin.tables ?? [])
  const [database, counters] = await Promise.all([
    createDatabase(config.database, { warn: (message, error) => logger.warn(message, error), tables }),
    createCounterStore(config.storage, { logger }),
  ])
  const close = () => Promise.all([database.close(), counters.close()]).then(() => undefined)
  if (applyMigrations) {
    // A refused migration (a table conflict, an unreachable server) must not leave connections open.
    await migrate(database.db, migrations).catch(async (error: unknown) => {
      await Promise.allSettled([database.close(), counters.close()])
      throw error
    })
  }
  return { db: database.db, counters, close }
}
