import type { Kysely } from 'kysely'
import { dialectOf, sql, tableLayoutOf } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.

/** Each chunk's vector (float32, little-endian) with the model and size that made it; null without embeddings. */
const COLUMNS = [
  ['embedding_model', 'text'],
  ['embedding_dimensions', 'integer'],
  ['embedding', 'blob'],
] as const

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const chunks = sql.table('knowledge_chunks')
  if (dialectOf(db) === 'postgres') {
    for (const [name, type] of COLUMNS) await sql`alter table ${chunks} add column if not exists ${sql.ref(name)} ${sql.raw(type === 'blob' ? 'bytea' : type)}`.execute(db)
    return
  }
  // SQLite has no `add column if not exists`, and runs DDL outside a transaction: a run cut half-way can run again.
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${`${tableLayoutOf(db).tablePrefix}knowledge_chunks`})`.execute(db)
  const present = new Set(rows.map((row) => row.name))
  for (const [name, type] of COLUMNS) if (!present.has(name)) await sql`alter table ${chunks} add column ${sql.ref(name)} ${sql.raw(type)}`.execute(db)
}
