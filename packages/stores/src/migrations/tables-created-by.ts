import {
  CreateTableNode,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Migration,
} from 'kysely'
import type { DatabaseDialect } from '../database/dialect-of.js'

/**
 * The tables `migrations` would create, with their columns, found by running them against a
 * database that only records what it is asked to do. So the check for foreign tables reads the
 * migrations themselves, never a copy of them that could drift. A migration that needs a query's
 * answer cannot go further on that database: what it created until then is what counts.
 */
export async function tablesCreatedBy(migrations: Migration[], dialect: DatabaseDialect): Promise<Map<string, string[]>> {
  const created = new Map<string, string[]>()
  const postgres = dialect === 'postgres'
  const recorder = new Kysely<unknown>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    plugins: [
      {
        transformQuery({ node }) {
          if (CreateTableNode.is(node)) {
            created.set(node.table.table.identifier.name, node.columns.map((column) => column.column.column.name))
          }
          return node
        },
        transformResult: async ({ result }) => result,
      },
    ],
  })
  try {
    for (const migration of migrations) await migration.up(recorder)
  } catch {
    // See above: a migration that reads data stops the recording, not the check.
  }
  await recorder.destroy()
  return created
}
