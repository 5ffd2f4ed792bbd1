import { countTokens, loadTokenizer } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { claimDraft, type ChatbotDb } from '../storage/drafts.repository.js'
import type { StaleDraft } from '../storage/instances.repository.js'

/** The finish reason of a reply repaired after its instance died. */
export const INTERRUPTED = 'reply_interrupted'

/**
 * In one transaction: deletes the draft (only the instance whose delete removed it goes on: two
 * may repair at once) and stores its text as the reply, `incomplete` with finish reason
 * `reply_interrupted`, under the reply's own id. Nothing is stored for an empty draft, nor when
 * the reply was stored already (its instance died between storing it and deleting the draft).
 * Returns whether the reply still needs ending in the replay log.
 */
export async function repairDraft(db: ChatbotDb, draft: StaleDraft): Promise<boolean> {
  await loadTokenizer()
  return db.transaction().execute(async (trx) => {
    if (!(await claimDraft(trx, draft.reply_id))) return false
    const stored = await trx.selectFrom('messages').select('id').where('public_id', '=', draft.reply_id).executeTakeFirst()
    if (stored) return false
    if (draft.content !== '') {
      await insertMessage(trx, {
        publicId: draft.reply_id,
        conversationId: draft.conversation_id,
        role: 'assistant',
        content: draft.content,
        routeName: draft.route_name,
        contextHash: draft.context_hash,
        status: 'incomplete',
        finishReason: INTERRUPTED,
        tokenCount: countTokens(draft.content),
        // Its instance's last sign of life, about when it stopped (its last write if the row is gone).
        now: new Date(draft.heartbeat_at ?? draft.updated_at),
      })
    }
    return true
  })
}
