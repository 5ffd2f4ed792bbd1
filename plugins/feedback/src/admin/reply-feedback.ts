import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withFeedback, type ChatbotDb } from '../storage/feedback-tables.js'
import type { ReplyFeedback } from './types.js'

/** The ratings of a conversation's replies by their internal message id. */
export async function replyFeedback(db: ChatbotDb, conversationId: number): Promise<Map<number, ReplyFeedback>> {
  const rows = await withFeedback(db)
    .selectFrom('message_feedback')
    .select(['message_id', 'rating', 'comment', 'created_at', 'updated_at'])
    .where('conversation_id', '=', conversationId)
    .execute()
  return new Map(rows.map((row) => [row.message_id, { rating: row.rating, comment: row.comment, createdAt: fromStoredTimestamp(row.created_at), updatedAt: fromStoredTimestamp(row.updated_at) }]))
}
