import { sql, tableLayoutOf } from '@chatbot-kit/kernel/plugin'
import type { ChatbotDb } from '../storage/tables.js'

/** A stem's rows in FTS5, by chunk id ascending, with its hits weighted as the search's `bm25(…, 8, 4, 1)` weighs them. */
export interface Postings {
  ids: Int32Array
  hits: Float64Array
}

/**
 * Every chunk's length in tokens (all columns, as FTS5's `bm25` takes it) and source, by position:
 * the chunks in id order, so that ranking indexes arrays rather than maps (bm25-top-k.ts).
 */
export interface ChunkLengths {
  /** Chunk ids, ascending. */
  ids: Int32Array
  lengths: Int32Array
  /** Undefined for a chunk a sync removed between the two reads. */
  sources: Array<string | undefined>
  average: number
}

const WEIGHTS: Record<string, number> = { title: 8, heading: 4, text: 1 }

const ftsName = (db: ChatbotDb) => `${tableLayoutOf(db).tablePrefix}knowledge_chunks_fts`

/** The FTS5 vocabulary's `instance` view of the index, a temporary table of this connection. */
async function instances(db: ChatbotDb): Promise<string> {
  const name = `${ftsName(db)}_instances`
  await sql`create virtual table if not exists temp.${sql.id(name)} using fts5vocab(main, ${sql.lit(ftsName(db))}, instance)`.execute(db)
  return name
}

/** `stem`'s postings, read from the index's own posting list (its instances, by column). */
export async function loadPostings(db: ChatbotDb, stem: string): Promise<Postings> {
  const { rows } = await sql<{ doc: number; col: string; n: number }>`
    select doc, col, count(*) as n from temp.${sql.id(await instances(db))} where term = ${stem} group by doc, col order by doc`.execute(db)
  const ids: number[] = []
  const hits: number[] = []
  for (const row of rows) {
    const weighted = WEIGHTS[row.col]! * row.n
    if (ids.at(-1) === row.doc) hits.push(hits.pop()! + weighted)
    else {
      ids.push(row.doc)
      hits.push(weighted)
    }
  }
  return { ids: Int32Array.from(ids), hits: Float64Array.from(hits) }
}

/** Reads SQLite's variable-length integers (FTS5's `docsize` record: one per column). */
function varints(bytes: Uint8Array): number {
  let total = 0
  for (let at = 0; at < bytes.length; ) {
    let value = 0
    let byte: number
    do {
      byte = bytes[at++]!
      value = value * 128 + (byte & 0x7f)
    } while (byte & 0x80 && at < bytes.length)
    total += value
  }
  return total
}

/** Every chunk's length from FTS5's `docsize` table, and its source. */
export async function loadLengths(db: ChatbotDb): Promise<ChunkLengths> {
  const [sizes, chunks] = await Promise.all([
    sql<{ id: number; sz: Uint8Array }>`select id, sz from ${sql.id(`${ftsName(db)}_docsize`)} order by id`.execute(db),
    sql<{ id: number; source: string }>`select id, source from ${sql.table('knowledge_chunks')}`.execute(db),
  ])
  const sourceOf = new Map(chunks.rows.map((row) => [row.id, row.source]))
  const ids = new Int32Array(sizes.rows.length)
  const lengths = new Int32Array(sizes.rows.length)
  let total = 0
  sizes.rows.forEach((row, at) => {
    ids[at] = row.id
    lengths[at] = varints(row.sz)
    total += lengths[at]!
  })
  return { ids, lengths, sources: sizes.rows.map((row) => sourceOf.get(row.id)), average: total / ids.length }
}
