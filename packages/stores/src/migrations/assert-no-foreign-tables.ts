import { DEFAULT_MIGRATION_TABLE, type Kysely, type Migration } from 'kysely'
import { tableConflict } from '../failures.js'
import { dialectOf } from '../database/dialect-of.js'
import { tableLayoutOf } from '../database/table-layout.js'
import { tablesCreatedBy } from './tables-created-by.js'

/**
 * Refuses to migrate into tables that are not ours. The migrations create tables "if not exists"
 * (a SQLite run cut half-way can simply run again), so a host's own `messages` table would
 * otherwise be taken as ours and fail later, on the first insert. A table counts as ours when it
 * has every column our migration gives it. `schema` is where our tables live (Postgres).
 */
export async function assertNoForeignTables(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- it reads tables outside `Schema`
  db: Kysely<any>,
  applied: ReadonlySet<string>,
  schema: string | undefined,
  migrations: Readonly<Record<string, Migration>>,
): Promise<void> {
  const { tablePrefix } = tableLayoutOf(db)
  // The host's own Kysely migrations: none of the names recorded there is one of ours.
  if (applied.size > 0 && ![...applied].some((name) => name in migrations)) {
    throw tableConflict(tablePrefix + DEFAULT_MIGRATION_TABLE, schema, tablePrefix)
  }
  const pending = Object.keys(migrations)
    .sort()
    .filter((name) => !applied.has(name))
  if (pending.length === 0) return
  const existing = (await db.introspection.getTables()).filter((table) => table.name.startsWith(tablePrefix) && (schema === undefined || table.schema === schema))
  // A fresh database (every first start): no table could be in the way, and recording what the
  // migrations create (compiling each of them once more) was a tenth of `chatbot serve`'s start-up.
  if (existing.length === 0) return
  const wanted = await tablesCreatedBy(pending.map((name) => migrations[name]!), dialectOf(db))
  for (const [name, columns] of wanted) {
    const table = existing.find((candidate) => candidate.name === tablePrefix + name)
    if (table && (table.isView || columns.some((column) => !table.columns.some((present) => present.name === column)))) {
      throw tableConflict(table.name, schema, tablePrefix)
    }
  }
}
