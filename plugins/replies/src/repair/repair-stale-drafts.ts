import type { PluginApi } from '@chatbot-kit/kernel'
import type { LocalReplies } from '../drafts/local-replies.js'
import type { ReplyLog } from '../log/types.js'
import type { ChatbotDb } from '../storage/drafts.repository.js'
import { deleteDeadInstances, listDeadInstances, listDraftsOfInstances } from '../storage/instances.repository.js'
import { interruptedFrame } from './interrupted-frame.js'
import { repairDraft } from './repair-draft.js'

/** An instance whose heartbeat is this old is dead (a live one writes it at least every 5 s). */
export const STALE_AFTER_MS = 15_000
/** Drafts repaired per run; the next run takes the rest. */
const BATCH = 100

export interface RepairParts {
  db: ChatbotDb
  log: ReplyLog
  replies: LocalReplies
  logger: PluginApi['logger']
}

/**
 * Ends the replies whose instance died (kill -9): each draft of a dead instance becomes the
 * stored reply (`incomplete`, `reply_interrupted`, see `repairDraft`), then its open streams, on
 * any instance, end with a `reply_interrupted` error event appended to the replay log. Dead
 * instances left with no draft are forgotten. Returns how many replies it repaired. A failure
 * is logged; the next run tries again.
 */
export async function repairStaleDrafts(parts: RepairParts, now = Date.now()): Promise<number> {
  const before = new Date(now - STALE_AFTER_MS)
  const dead = await listDeadInstances(parts.db, before)
  const stale = dead.length > 0 ? await listDraftsOfInstances(parts.db, dead, BATCH) : []
  let repaired = 0
  for (const draft of stale) {
    // Ours and alive: only this instance's heartbeat writes failed (the database was away).
    if (parts.replies.running(draft.reply_id)) continue
    try {
      if (!(await repairDraft(parts.db, draft))) continue
      repaired += 1
      parts.logger.warn(`replies: reply ${draft.reply_id} was interrupted (its server stopped); stored as far as it got.`)
      await parts.log.interrupt(draft.reply_id, (seq) => interruptedFrame(draft.reply_id, seq, draft.conversation_public_id))
    } catch (error) {
      parts.logger.warn(`replies: could not repair the interrupted reply ${draft.reply_id}.`, error)
    }
  }
  await deleteDeadInstances(parts.db, before)
  return repaired
}
