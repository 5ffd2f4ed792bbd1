import type { PluginApi } from '@chatbot-kit/kernel'
import type { FileStore } from './storage/file-store.js'
import { deleteAttachmentRows, sweepable } from './storage/attachments.repository.js'

/** An upload never sent with a message is kept this long (a user may take a while to send). */
export const UNUSED_TTL_MS = 24 * 60 * 60 * 1000
/** How often files of deleted conversations are removed. */
export const SWEEP_INTERVAL_MS = 60_000
const BATCH = 200

/**
 * Removes the files, then the rows, of attachments whose conversation was deleted (retention,
 * the admin's delete: the row was left used with no conversation) and of uploads unused for a
 * day. A file store takes no part in a database cascade, so this runs after it, every minute.
 * Returns how many went.
 */
export function createSweep(api: PluginApi, files: FileStore) {
  return async (now = new Date()): Promise<number> => {
    let removed = 0
    for (;;) {
      const rows = await sweepable(api.storage.db, new Date(now.getTime() - UNUSED_TTL_MS), BATCH)
      if (rows.length === 0) return removed
      const store = await files()
      for (const row of rows) await store.removeItem(row.public_id)
      await deleteAttachmentRows(api.storage.db, rows.map((row) => row.id))
      removed += rows.length
      if (rows.length < BATCH) return removed
    }
  }
}

/** Runs the sweep every `SWEEP_INTERVAL_MS` until `close`; a failure is logged and tried again next time. */
export function startSweepTimer(api: PluginApi, sweep: () => Promise<number>): void {
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((error: unknown) => api.logger.warn('Could not remove the files of deleted attachments:', error))
      .finally(() => (running = undefined))
  }, SWEEP_INTERVAL_MS).unref()
  api.hooks.hook('close', async () => {
    clearInterval(timer)
    await running
  })
}
