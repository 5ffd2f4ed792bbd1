import { randomBytes } from 'node:crypto'
import { createDatabase, migrate, migrationsOf, type ResolvedConfig } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'
import type { Kysely } from 'kysely'
import type { IsolatedDatabase } from './isolate.js'
import { copyOrder } from './copy-order.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the copy reads the catalog, not our tables
type AnyDb = Kysely<any>

/**
 * A schema of its own for the eval (`chatbot_eval_<random>`), in the host's database: migrated,
 * then filled with the rows of the host's tables but the conversations, the messages and the
 * tables that refer to them (a case starts its own conversation; the knowledge index and what
 * else plugins keep come along). `remove` drops it whole.
 */
export async function copyToEvalSchema(config: ResolvedConfig): Promise<IsolatedDatabase> {
  const tables = config.plugins.flatMap((plugin) => plugin.tables ?? [])
  const schema = `chatbot_eval_${randomBytes(6).toString('hex')}`
  const database = { ...config.database, schema, poolSize: 2 }
  const host = await createDatabase({ url: config.database.url, poolSize: 2 })
  const remove = async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(host.db)
    await host.close()
  }
  try {
    const hostSchema = config.database.schema ?? (await sql<{ name: string }>`SELECT current_schema() AS name`.execute(host.db)).rows[0]!.name
    const evalDb = await createDatabase(database, { tables })
    try {
      await migrate(evalDb.db, migrationsOf(config))
    } finally {
      await evalDb.close()
    }
    await copyRows(host.db, hostSchema, schema, config.database.tablePrefix)
  } catch (error) {
    await remove().catch(() => undefined)
    throw error
  }
  return { database: { ...config.database, schema }, where: `schema ${schema}`, remove }
}

async function copyRows(db: AnyDb, from: string, to: string, prefix: string): Promise<void> {
  const listed = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${to} AND table_type = 'BASE TABLE'`.execute(db)
  const present = new Set((await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${from}`.execute(db)).rows.map((row) => row.name))
  const names = listed.rows.map((row) => row.name).filter((name) => present.has(name) && !/migration/.test(name))
  const references = await sql<{ child: string; parent: string }>`
    SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE c.contype = 'f' AND n.nspname = ${to}`.execute(db)
  for (const table of copyOrder(names, references.rows, [`${prefix}conversations`, `${prefix}messages`])) {
    const columns = await sql<{ name: string; identity: string }>`
      SELECT column_name AS name, is_identity AS identity FROM information_schema.columns
      WHERE table_schema = ${to} AND table_name = ${table} AND is_generated = 'NEVER'
        AND column_name IN (SELECT column_name FROM information_schema.columns WHERE table_schema = ${from} AND table_name = ${table})`.execute(db)
    const list = sql.join(columns.rows.map((column) => sql.id(column.name)))
    await sql`INSERT INTO ${sql.id(to, table)} (${list}) SELECT ${list} FROM ${sql.id(from, table)}`.execute(db)
    // The copied ids are taken: the next one a turn inserts must come after them.
    for (const column of columns.rows.filter((row) => row.identity === 'YES')) {
      await sql`SELECT setval(pg_get_serial_sequence(${`"${to}"."${table}"`}, ${column.name}), COALESCE(MAX(${sql.id(column.name)}), 0) + 1, false) FROM ${sql.id(to, table)}`.execute(db)
    }
  }
}
