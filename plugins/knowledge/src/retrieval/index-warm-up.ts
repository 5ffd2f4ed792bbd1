import type { PluginApi } from '@chatbot-kit/kernel'
import { dialectOf, sql, tableLayoutOf } from '@chatbot-kit/kernel/plugin'
import type { ChatbotDb } from '../storage/tables.js'
import { loadLengths, loadPostings } from './bm25-postings.js'
import type { IndexStatistics } from './index-statistics.js'
import type { VectorSearch } from './retrieve.js'
import { STOP_WORDS } from './query-terms.js'
import { ftsStem } from './term-matches.js'

/** Work done between two lets-go of the event loop: a turn arriving meanwhile waits at most about this long. */
const SLICE_MS = 4
/**
 * After `ready`: start-up is not slowed (the kernel loads its tokenizer table at 1 s), and a
 * one-shot CLI command (`chatbot knowledge search`, `status`) closes before it comes.
 */
const WARM_UP_DELAY_MS = 1500

/**
 * Stems no question asks for (queryTerms drops stop words): in English docs the commonest, whose
 * postings are the longest. A word that happens to stem alike is read when a turn asks for it.
 */
export const STOP_STEMS = new Set([...STOP_WORDS].map(ftsStem))

/** Lets the event loop run what waits (a turn's request, its I/O) before the next slice. */
const idle = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Every stem of the SQLite index with its number of chunks, from FTS5's vocabulary (20 to 60 ms
 * for 2,300 stems): what FTS5 counts for a one-token word's phrase.
 */
async function stemFrequencies(db: ChatbotDb): Promise<Map<string, number>> {
  const name = `${tableLayoutOf(db).tablePrefix}knowledge_chunks_fts`
  const view = `${name}_rows`
  await sql`create virtual table if not exists temp.${sql.id(view)} using fts5vocab(main, ${sql.lit(name)}, row)`.execute(db)
  return new Map((await sql<{ term: string; doc: number }>`select term, doc from temp.${sql.id(view)}`.execute(db)).rows.map((row) => [row.term, row.doc]))
}

/**
 * Reads what a fresh question would otherwise read from the SQLite index, in idle time
 * (docs/knowledge.md, "Speed"): the vectors (with embeddings on, `vectors.warm`), the chunks'
 * lengths, every stem's number of chunks, then every stem's postings, one stem after the other in
 * slices of SLICE_MS with the event loop let go between them, the stems turns met first. From then
 * on a question needs no count, no postings query and no vector load. It starts WARM_UP_DELAY_MS
 * after `ready` and again whenever the index's version moves (a sync, here or on another instance,
 * seen by a turn or by the end of a sync here); a pass under an older version stops. Never during
 * a sync of this process (the CLI's `knowledge sync`): that sync's end starts it. A failure is
 * logged: turns read the index as before. Postgres has no such index: there only the vectors are
 * loaded ahead (with embeddings on, unless pgvector searches them), and nothing at all without them.
 */
export function startIndexWarmUp(api: Pick<PluginApi, 'storage' | 'hooks' | 'logger'>, statistics: IndexStatistics, vectors: Pick<VectorSearch, 'warm'> | undefined, delayMs = WARM_UP_DELAY_MS) {
  const db = api.storage.db
  const fullText = dialectOf(db) === 'sqlite'
  let pass = 0
  let enabled = false
  let closed = false
  let syncs = 0
  const start = () => {
    if (!enabled || closed || syncs > 0) return
    const id = ++pass
    // A pass cut short by `close` (the database shut under it) is no failure to report.
    warm(() => closed || id !== pass).catch((error: unknown) => closed || api.logger.warn('Knowledge: warming the full-text index failed; turns read it as they need it:', error))
  }

  async function warm(stopped: () => boolean): Promise<void> {
    const version = await statistics.refresh()
    const stale = () => stopped() || statistics.version() !== version
    // The vectors first, in one piece: the load is a single read. Its failure leaves the full text to warm.
    await vectors?.warm(version).catch((error: unknown) => stopped() || api.logger.warn('Knowledge: loading the vectors ahead failed; the first search loads them:', error))
    if (!fullText || stale()) return
    const [, chunks] = await Promise.all([statistics.lengths(() => loadLengths(db)), statistics.chunkCount(), statistics.sources()])
    await idle()
    const frequencies = await stemFrequencies(db)
    if (stale()) return
    statistics.keepStemFrequencies(version, frequencies)
    // A stem in more than half the chunks is left out of the MATCH (full-text.ts) but still tells
    // which candidates hold it (postingMatches): its postings, the longest to read, come last.
    const asked = [...frequencies].filter(([stem]) => !STOP_STEMS.has(stem))
    const common = (frequency: number) => frequency > chunks / 2
    const stems = [...asked.filter(([, frequency]) => !common(frequency)), ...asked.filter(([, frequency]) => common(frequency))].map(([stem]) => stem)
    for (let next = 0; ; ) {
      await idle()
      if (stale()) return
      const started = performance.now()
      while (performance.now() - started < SLICE_MS) {
        const [wanted] = statistics.wanted
        if (wanted !== undefined) statistics.wanted.delete(wanted)
        const stem = wanted ?? stems[next++]
        if (stem === undefined) return
        await statistics.postings(stem, () => loadPostings(db, stem))
      }
    }
  }

  if (fullText || vectors) {
    statistics.onNewVersion(() => setImmediate(start))
    let timer: ReturnType<typeof setTimeout> | undefined
    api.hooks.hook('ready', () => {
      timer = setTimeout(() => {
        enabled = true
        start()
      }, delayMs)
      timer.unref()
    })
    api.hooks.hook('close', () => {
      closed = true
      clearTimeout(timer)
    })
  }

  /** `sync` with the warm-up held while it runs, and started again at its end. */
  const aroundSync = <A extends unknown[], R>(sync: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    syncs++
    pass++
    try {
      return await sync(...args)
    } finally {
      syncs--
      // A sync that moved the version starts the next pass through refresh's listener; else it starts here.
      const before = statistics.version()
      void statistics.refresh().then((after) => after === before && start(), () => undefined)
    }
  }
  return { aroundSync }
}
