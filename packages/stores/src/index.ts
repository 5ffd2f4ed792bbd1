export { StoresError, type StoresErrorDetails, type StoresFailureKind } from './error.js'

// Counters: memory or Redis, and what a plugin with a Redis side of its own shares with them.
export { createCounterStore } from './counters/create-counter-store.js'
export { createMemoryCounterStore } from './counters/memory.js'
export type { CounterStore, CounterStoreOptions, LeaseGrant, LeaseOptions } from './counters/types.js'
export { FAIL_FAST as REDIS_FAIL_FAST, reasonOf as redisFailureReason, reportOutages as reportRedisOutages, type OutageWording } from './counters/redis-connection.js'

// Databases: SQLite or Postgres through Kysely, with a table layout, and their migrations.
export { createDatabase, type StoresDatabase, type DatabaseTarget, type DatabaseOptions } from './database/create-database.js'
export { dialectOf, type DatabaseDialect } from './database/dialect-of.js'
export { tableLayoutOf, createTableLayoutPlugin, type TableLayout } from './database/table-layout.js'
export { asDatabaseUnavailable } from './database/connection-failure.js'
export { unflushedCommit } from './database/commit-unflushed.js'
export { MAX_POOL_SIZE } from './database/postgres-pool-size.js'
export { importDriver } from './database/import-driver.js'
export { runMigrations, pendingMigrationsOf, type Migrations } from './migrations/run-migrations.js'
