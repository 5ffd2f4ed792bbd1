import { sql } from '@chatbot-kit/kernel/plugin'
import type { ChatbotDb } from '../storage/tables.js'
import type { Postings } from './bm25-postings.js'

/**
 * What the score needs of the whole index (the number of chunks, each term's document frequency,
 * the sources it holds) only changes with a sync: counted once and kept until the last sync time moves (the small
 * sync-state table, so a sync on another instance counts too). Counting a common term scans its
 * whole posting list, every turn otherwise. A full-text search's result is kept the same way: a
 * question asked again (the same terms and sources) gets it without ranking its matches anew.
 */
/** Searches kept: 50 candidates each, their ids alone once the index is warm, else with their text (about 30 KB at 600 bytes a chunk): some 8 MB at most. */
const SEARCHES_KEPT = 256

/** A stem no chunk holds. */
const NO_POSTINGS: Postings = { ids: new Int32Array(0), hits: new Float64Array(0) }

export function createIndexStatistics(db: ChatbotDb) {
  let version: string | undefined
  let chunks: Promise<number> | undefined
  let sources: Promise<string[]> | undefined
  const frequencies = new Map<string, Promise<unknown>>()
  const searches = new Map<string, Promise<unknown>>()
  // SQLite's ranking in process (bm25-top-k.ts): each stem's postings and the chunks' lengths.
  const postings = new Map<string, Promise<unknown>>()
  const lengths = new Map<string, Promise<unknown>>()
  // Each stem's number of chunks, from FTS5's vocabulary (the warm-up's, index-warm-up.ts): a stem
  // it lacks is in no chunk. Stems a turn met before their postings were kept wait in `wanted`.
  let stemFrequencies: Map<string, number> | undefined
  const wanted = new Set<string>()
  let onNewVersion: (() => void) | undefined

  /** Forgets what a sync may have changed; returns the index's version (also the vector cache's key). */
  async function refresh(): Promise<string> {
    const { rows } = await sql<{ synced: string | null }>`select max(last_sync_at) as synced from ${sql.table('knowledge_sync_state')}`.execute(db)
    const current = String(rows[0]?.synced ?? '')
    if (current !== version) {
      version = current
      chunks = undefined
      sources = undefined
      frequencies.clear()
      searches.clear()
      postings.clear()
      lengths.clear()
      stemFrequencies = undefined
      wanted.clear()
      onNewVersion?.()
    }
    return current
  }

  const chunkCount = () =>
    (chunks ??= sql<{ n: number | string }>`select count(*) as n from ${sql.table('knowledge_chunks')}`.execute(db).then(({ rows }) => Number(rows[0]!.n)))

  /** The sources that have chunks in the index. */
  const indexedSources = () =>
    (sources ??= sql<{ source: string }>`select distinct source from ${sql.table('knowledge_chunks')}`.execute(db).then(({ rows }) => rows.map((row) => row.source)))

  /** `term`'s document frequency, counted by `count` the first time after a sync. */
  const frequency = (term: string, count: () => Promise<number>) => remember(frequencies, term, count)

  /** The result of the search `key` names, run by `run` the first time after a sync (the latest SEARCHES_KEPT). */
  const search = <T>(key: string, run: () => Promise<T>) => remember(searches, key, run, SEARCHES_KEPT)

  /** `stem`'s number of chunks once the vocabulary is kept, else undefined. */
  const stemFrequency = (stem: string) => (stemFrequencies ? (stemFrequencies.get(stem) ?? 0) : undefined)

  /** Keeps the vocabulary's stem frequencies read under `current` (unless a sync moved the version since). */
  const keepStemFrequencies = (current: string, frequencies: Map<string, number>) => void (current === version && (stemFrequencies = frequencies))

  /** `stem`'s postings, loaded by `load` the first time after a sync (none for a stem the vocabulary lacks). */
  const postingsOf = (stem: string, load: () => Promise<Postings>) => (stemFrequency(stem) === 0 ? Promise.resolve(NO_POSTINGS) : remember(postings, stem, load))

  /** Whether `stem`'s postings are kept (or being read): a search may then rank in process without reading the index. */
  const hasPostings = (stem: string) => postings.has(stem) || stemFrequency(stem) === 0

  /** The chunks' lengths, loaded by `load` once after a sync. */
  const chunkLengths = <T>(load: () => Promise<T>) => remember(lengths, '', load)

  return {
    refresh,
    /** The version last seen by `refresh` (undefined before the first). */
    version: () => version,
    /** Called when `refresh` sees a new version (one listener: the warm-up's). */
    onNewVersion: (listener: () => void) => void (onNewVersion = listener),
    chunkCount,
    sources: indexedSources,
    frequency,
    search,
    postings: postingsOf,
    hasPostings,
    stemFrequency,
    keepStemFrequencies,
    /** The stems turns met before their postings were kept, for the warm-up to read first. */
    wanted,
    lengths: chunkLengths,
  }
}

export type IndexStatistics = ReturnType<typeof createIndexStatistics>

/** `run()`'s promise, kept in `kept` under `key` (the oldest dropped past `limit`); a failed one is not kept. */
function remember<T>(kept: Map<string, Promise<unknown>>, key: string, run: () => Promise<T>, limit = Infinity): Promise<T> {
  let known = kept.get(key) as Promise<T> | undefined
  if (!known) {
    known = run()
    if (kept.size >= limit) kept.delete(kept.keys().next().value!)
    kept.set(key, known)
    known.catch(() => kept.delete(key))
  }
  return known
}
