import { type HistoryContext, type HistoryMessage } from '@chatbot-kit/kernel'
import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { LocalReplies } from '../drafts/local-replies.js'
import { STALE_AFTER_MS } from '../repair/repair-stale-drafts.js'
import { listDrafts, type ChatbotDb } from '../storage/drafts.repository.js'

/**
 * `conversation:history`: lists last the conversation's replies in progress that are not stored
 * yet, `streaming` with their text so far: the live text of one running here, else its draft's
 * (about a second old, more under load: see `WRITES_PER_TICK`). A draft whose instance died
 * (old heartbeat, or no instance row) and that no repair took yet is `incomplete`. A reply elsewhere younger than a second has no draft and is not listed yet.
 */
export function createHistoryHook(db: ChatbotDb, replies: LocalReplies) {
  return async (context: HistoryContext): Promise<void> => {
    const listed = new Set(context.messages.map((message) => message.id))
    const running = replies.runningIn(context.conversation.id)
    const drafts = await listDrafts(db, context.conversation.id)
    const staleBefore = new Date(Date.now() - STALE_AFTER_MS).toISOString()
    const entries: { startedAt: string; message: HistoryMessage }[] = []
    for (const reply of running) {
      if (listed.has(reply.turn.replyId)) continue
      listed.add(reply.turn.replyId)
      const { turn } = reply
      const startedAt = reply.startedAt.toISOString()
      entries.push({ startedAt, message: inProgress(turn.replyId, turn.text, 'streaming', turn.routeName, turn.contextHash, startedAt) })
    }
    for (const draft of drafts) {
      if (listed.has(draft.reply_id)) continue
      const status = draft.heartbeat_at === null || draft.heartbeat_at < staleBefore ? 'incomplete' : 'streaming'
      entries.push({ startedAt: draft.started_at, message: inProgress(draft.reply_id, draft.content, status, draft.route_name, draft.context_hash, draft.started_at) })
    }
    entries.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0))
    context.messages.push(...entries.map((entry) => entry.message))
  }
}

function inProgress(id: string, content: string, status: HistoryMessage['status'], routeName: string, contextHash: string | null, startedAt: string): HistoryMessage {
  return { id, role: 'assistant', content, status, route_name: routeName, context_hash: contextHash, created_at: fromStoredTimestamp(startedAt), author: { kind: 'bot' } }
}
