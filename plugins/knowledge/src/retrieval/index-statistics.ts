import { sql } from '@chatbot-kit/kernel/plugin'
import type { ChatbotDb } from '../storage/tables.js'

/**
 * What the score needs of the whole index (the number of chunks, each term's document frequency,
 * the sources it holds) only changes with a sync: counted once and kept until the last sync time moves (the small
 * sync-state table, so a sync on another instance counts too). Counting a common term scans its
 * whole posting list, every turn otherwise.
 */
export function createIndexStatistics(db: ChatbotDb) {
  let version: string | undefined
  let chunks: Promise<number> | undefined
  let sources: Promise<string[]> | undefined
  const frequencies = new Map<string, Promise<number>>()

  /** Forgets what a sync may have changed; returns the index's version (also the vector cache's key). */
  async function refresh(): Promise<string> {
    const { rows } = await sql<{ synced: string | null }>`select max(last_sync_at) as synced from ${sql.table('knowledge_sync_state')}`.execute(db)
    const current = String(rows[0]?.synced ?? '')
    if (current !== version) {
      version = current
      chunks = undefined
      sources = undefined
      frequencies.clear()
    }
    return current
  }

  const chunkCount = () =>
    (chunks ??= sql<{ n: number | string }>`select count(*) as n from ${sql.table('knowledge_chunks')}`.execute(db).then(({ rows }) => Number(rows[0]!.n)))

  /** The sources that have chunks in the index. */
  const indexedSources = () =>
    (sources ??= sql<{ source: string }>`select distinct source from ${sql.table('knowledge_chunks')}`.execute(db).then(({ rows }) => rows.map((row) => row.source)))

  /** `term`'s document frequency, counted by `count` the first time after a sync. */
  function frequency(term: string, count: () => Promise<number>): Promise<number> {
    let known = frequencies.get(term)
    if (!known) {
      known = count()
      frequencies.set(term, known)
      // A failed count is not kept.
      known.catch(() => frequencies.delete(term))
    }
    return known
  }

  return { refresh, chunkCount, sources: indexedSources, frequency }
}

export type IndexStatistics = ReturnType<typeof createIndexStatistics>
