import { sql, type Kysely } from 'kysely'
import { dialectOf, tableLayoutOf } from '@chatbot-kit/stores'

// Frozen once released. A reply's sources and citations (JSON text, null when none were offered).
// Safe to run again after a run cut half-way, as every migration here: a column already there is kept.

const COLUMNS = ['sources', 'citations']

export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's `Schema`
  db: Kysely<any>,
): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const column of COLUMNS) await sql`alter table ${sql.table('messages')} add column if not exists ${sql.ref(column)} text`.execute(db)
    return
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${`${tableLayoutOf(db).tablePrefix}messages`})`.execute(db)
  for (const column of COLUMNS) {
    if (!rows.some((row) => row.name === column)) await db.schema.alterTable('messages').addColumn(column, 'text').execute()
  }
}
