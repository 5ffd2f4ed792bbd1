import type { Kysely } from 'kysely'
import { fromStoredTimestamp, type Schema } from '@chatbot-kit/kernel'
import type { FeedbackRating, MessageFeedbackTable } from '@chatbot-kit/plugin-feedback'

/** A reply's rating as the transcript shows it. */
export interface ReplyFeedback {
  rating: FeedbackRating
  comment: string | null
  /** When the reply was first rated. */
  createdAt: string
  /** When the current rating was given. */
  updatedAt: string
}

/** The ratings of a conversation's replies by their internal message id (the feedback plugin's table, through the row type it exports). */
export async function replyFeedback(db: Kysely<Schema>, conversationId: number): Promise<Map<number, ReplyFeedback>> {
  const rows = await db
    .withTables<{ message_feedback: MessageFeedbackTable }>()
    .selectFrom('message_feedback')
    .select(['message_id', 'rating', 'comment', 'created_at', 'updated_at'])
    .where('conversation_id', '=', conversationId)
    .execute()
  return new Map(rows.map((row) => [row.message_id, { rating: row.rating, comment: row.comment, createdAt: fromStoredTimestamp(row.created_at), updatedAt: fromStoredTimestamp(row.updated_at) }]))
}
