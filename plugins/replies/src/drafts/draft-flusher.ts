import type { PluginApi } from '@chatbot-kit/kernel'
import { deleteDrafts, insertDrafts, updateDraftContents, type ChatbotDb } from '../storage/drafts.repository.js'
import { beatInstance, deleteInstance } from '../storage/instances.repository.js'
import type { LocalReplies } from './local-replies.js'
import { FLUSH_INTERVAL_MS, planTick, type TickPlan } from './plan-tick.js'

/** The instance's heartbeat is written at least this often (and at every tick that writes drafts). */
export const HEARTBEAT_INTERVAL_MS = 5000

/**
 * Writes the drafts of the replies running here, off the turn's path: one shared, unref'd 1 s
 * timer. Each tick writes at most `WRITES_PER_TICK` drafts (see `planTick`), deletes the rows of
 * replies that ended, and refreshes this instance's heartbeat, which keeps all its drafts alive:
 * all in one transaction of a few multi-row statements (heartbeat, inserts, updates, deletes), so
 * a tick costs the database one short burst however many replies run (a statement per draft held
 * the event loop 15 ms a tick at 10,000 open replies). Ticks never overlap. A failed tick changes nothing: it is
 * logged (once until a tick succeeds) and its writes are planned again at the next; it never
 * touches the turn.
 */
export function createDraftFlusher(db: ChatbotDb, instanceId: string, replies: LocalReplies, logger: PluginApi['logger']) {
  let flushing: Promise<void> | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  let beatAt = 0
  let failing = false

  const write = (plan: TickPlan, now: Date) =>
    db.transaction().execute(async (trx) => {
      // First: a repair elsewhere must not take this instance for dead while its drafts are written.
      await beatInstance(trx, instanceId, now)
      await insertDrafts(
        trx,
        plan.inserts.map(({ reply: { turn, startedAt }, content }) => ({ replyId: turn.replyId, instanceId, conversationId: turn.conversation.id, routeName: turn.routeName, contextHash: turn.contextHash, content, startedAt, now })),
      )
      await updateDraftContents(trx, plan.updates.map(({ reply, content }) => ({ replyId: reply.turn.replyId, content })), now)
      await deleteDrafts(trx, plan.ended.map((reply) => reply.turn.replyId))
    })

  const flushOnce = async (): Promise<void> => {
    const now = new Date()
    const plan = planTick(replies.all(), now.getTime())
    const writes = [...plan.inserts, ...plan.updates]
    if (writes.length === 0 && plan.ended.length === 0 && now.getTime() - beatAt < HEARTBEAT_INTERVAL_MS) return
    // A row may exist from now on: a reply ending during the tick keeps it listed, to be deleted.
    for (const { reply } of plan.inserts) reply.drafted = true
    try {
      await write(plan, now)
    } catch (error) {
      for (const { reply } of plan.inserts) if (!reply.ended) reply.drafted = false
      if (!failing) logger.warn('replies: could not write the drafts of the replies running here; retried each second.', error)
      failing = true
      return
    }
    failing = false
    beatAt = now.getTime()
    for (const { reply, content } of writes) {
      reply.writtenLength = content.length
      reply.writtenAt = now.getTime()
    }
    for (const reply of plan.ended) replies.forget(reply.turn.replyId)
  }

  /** Runs a tick unless one is still running (a slow database skips ticks rather than queueing them). */
  const flush = (): Promise<void> => (flushing ??= flushOnce().finally(() => (flushing = undefined)))

  return {
    flush,
    start(): void {
      timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS)
      timer.unref()
    },
    /**
     * Stops the timer, writes once more (the rows of replies that ended meanwhile go), then
     * removes this instance's row: drafts still left are a dead instance's, repaired at once.
     */
    async stop(): Promise<void> {
      clearInterval(timer)
      await flushing
      await flush()
      await deleteInstance(db, instanceId).catch((error: unknown) => logger.warn('replies: could not remove this instance\'s heartbeat row.', error))
    },
  }
}
