import { randomUUID } from 'node:crypto'
import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { createDraftFlusher } from './drafts/draft-flusher.js'
import { createLocalReplies } from './drafts/local-replies.js'
import { createEventRecorder } from './drafts/record-events.js'
import { createHistoryHook } from './history/list-replies-in-progress.js'
import { createReplyLog } from './log/create-reply-log.js'
import { repliesOptions } from './options.js'
import { repairStaleDrafts } from './repair/repair-stale-drafts.js'
import { streamRoute } from './routes/stream-route.js'
import { stopRoute } from './routes/stop-route.js'
import { repliesMigrations } from './storage/migrations/index.js'
import { REPLY_TABLES } from './storage/reply-tables.js'

/** How often each instance looks for replies whose instance died. */
const REPAIR_INTERVAL_MS = 10_000
/** A reply with no frame for this long past `streamDuration` has no instance left: the log drops it. */
const ABANDONED_MARGIN_SECONDS = 120

/**
 * Durable replies (contract §9.1, docs/durable-replies.md): the replay log of every reply's frames
 * (`storage`: memory, or Redis for several instances), `GET /conversations/:id/stream` to resume
 * one, `POST /conversations/:id/stop` to stop one wherever it runs, replies in progress in
 * history, and drafts in the database so a reply outlives a killed instance and is repaired.
 */
export function repliesPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'replies',
    options: repliesOptions,
    tables: REPLY_TABLES,
    migrations: repliesMigrations,
    async setup(api: PluginApi) {
      const { db } = api.storage
      const log = await createReplyLog(api.config.storage, {
        resumeWindowSeconds: api.config.stream.resumeWindow,
        abandonedAfterSeconds: api.config.streamDuration + ABANDONED_MARGIN_SECONDS,
        logger: api.logger,
      })
      const replies = createLocalReplies()
      // Drafts are alive while this id's heartbeat is: a restarted process is a new instance.
      const drafts = createDraftFlusher(db, randomUUID(), replies, api.logger)
      // One repair at a time: a slow database skips runs rather than stacking them.
      let repairing: Promise<unknown> | undefined
      const repair = () =>
        (repairing ??= repairStaleDrafts({ db, log, replies, logger: api.logger })
          .catch((error: unknown) => api.logger.warn('replies: could not look for interrupted replies.', error))
          .finally(() => (repairing = undefined)))
      let repairTimer: ReturnType<typeof setInterval> | undefined

      // For a plugin whose events reach the conversation's streams without a turn (handoff).
      api.provide('replyLog', () => log)
      log.onStop((replyId) => replies.running(replyId)?.turn.stop())
      api.hooks.hook('turn:event', createEventRecorder(log, replies))
      api.hooks.hook('conversation:history', createHistoryHook(db, replies))
      api.route(streamRoute(api, log))
      api.route(stopRoute(api, log, replies))
      api.hooks.hook('ready', async () => {
        drafts.start()
        await repair()
        repairTimer = setInterval(() => void repair(), REPAIR_INTERVAL_MS)
        repairTimer.unref()
      })
      api.hooks.hook('close', async () => {
        clearInterval(repairTimer)
        await repairing
        await drafts.stop()
        await log.close()
      })
    },
  })
}
