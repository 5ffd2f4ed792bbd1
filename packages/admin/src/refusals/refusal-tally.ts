import type { Kysely } from 'kysely'
import type { PluginApi, Schema } from '@chatbot-kit/kernel'
import { withAdminTables } from '../storage/admin-tables.js'

/** How long refusals are added up in memory before they are written. */
export const REFUSAL_FLUSH_MS = 1000

/** Refusals counted per UTC day, channel and code, written to `admin_refusals` at most once a second. */
export interface RefusalTally {
  /** Counts one refusal now; synchronous, no I/O. */
  add(code: string, channel: string | undefined): void
  /** Writes what was counted so far (the overview calls it before reading). */
  flush(): Promise<void>
  /** Stops the timer and writes the rest (the `close` hook). */
  stop(): Promise<void>
}

/**
 * A flood of refused requests costs the database one multi-row upsert a second however many
 * there are; every refusal counts. A write that fails keeps its counts for the next one, so
 * only a crash loses anything: the last second's.
 */
export function createRefusalTally(db: Kysely<Schema>, logger: PluginApi['logger'], now: () => number = Date.now): RefusalTally {
  let pending = new Map<string, { day: string; channel: string; code: string; count: number }>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> | undefined
  let failing = false

  const write = async (): Promise<void> => {
    timer = undefined
    if (pending.size === 0) return
    const rows = [...pending.values()]
    pending = new Map()
    try {
      await withAdminTables(db)
        .insertInto('admin_refusals')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['day', 'channel', 'code']).doUpdateSet((eb) => ({ count: eb('admin_refusals.count', '+', eb.ref('excluded.count')) })))
        .execute()
      failing = false
    } catch (error) {
      // One statement: nothing of it was written, so all of it is counted again.
      for (const row of rows) count(row.day, row.channel, row.code, row.count)
      if (!failing) logger.warn('admin: could not write the refusal counts; retried each second.', error)
      failing = true
    }
  }

  const flush = async (): Promise<void> => {
    // One write at a time: the next waits for the one in flight.
    while (writing) await writing
    writing = write().finally(() => (writing = undefined))
    await writing
  }

  function count(day: string, channel: string, code: string, n: number): void {
    const key = `${day}\u0000${channel}\u0000${code}`
    const row = pending.get(key)
    if (row) row.count += n
    else pending.set(key, { day, channel, code, count: n })
    if (!timer) {
      timer = setTimeout(() => void flush(), REFUSAL_FLUSH_MS)
      timer.unref()
    }
  }

  return {
    add: (code, channel) => count(new Date(now()).toISOString().slice(0, 10), channel ?? '', code, 1),
    flush,
    async stop() {
      clearTimeout(timer)
      await flush()
      clearTimeout(timer)
    },
  }
}
