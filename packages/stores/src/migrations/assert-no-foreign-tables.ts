import { DEFAULT_MIGRATION_TABLE, sql, type Kysely, type Migration } from 'kysely'
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
  const existing = await tablesStartingWith(db, tablePrefix, schema)
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

interface ExistingTable {
  name: string
  isView: boolean
  columns: Array<{ name: string }>
}

/**
 * The tables and views whose name starts with `prefix`, in `schema` on Postgres. Kysely's
 * introspection reads every schema of the database: slow where a database holds many (a schema per
 * tenant), and it failed when another schema's table was dropped while it read (parallel test
 * files, a tenant removed during a deploy).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- it reads tables outside `Schema`
async function tablesStartingWith(db: Kysely<any>, prefix: string, schema: string | undefined): Promise<ExistingTable[]> {
  if (schema === undefined) return (await db.introspection.getTables()).filter((table) => table.name.startsWith(prefix))
  const { rows } = await sql<{ name: string; kind: string; column: string | null }>`
    select c.relname as name, c.relkind as kind, a.attname as column
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f') and left(c.relname, ${prefix.length}) = ${prefix}`.execute(db)
  const tables = new Map<string, ExistingTable>()
  for (const row of rows) {
    const table = tables.get(row.name) ?? { name: row.name, isView: row.kind === 'v' || row.kind === 'm', columns: [] }
    if (row.column !== null) table.columns.push({ name: row.column })
    tables.set(row.name, table)
  }
  return [...tables.values()]
}
