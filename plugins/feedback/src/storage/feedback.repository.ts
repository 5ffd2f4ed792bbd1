import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withFeedback, type ChatbotDb } from './feedback-tables.js'
import type { FeedbackRating } from './message-feedback.table.js'

/** A stored message as the feedback route needs it: what it is and whose conversation holds it. */
export interface RatableMessage {
  /** Internal ids. */
  id: number
  conversationId: number
  role: 'user' | 'assistant'
  /** Null on a user message; `agent` for a person's message, `handoff` for a held turn's (handoff plugin). */
  finishReason: string | null
  /** The conversation's public id, for the kernel's ownership rules. */
  conversationPublicId: string
}

export interface NewRating {
  /** Internal id of the assistant message. */
  messageId: number
  conversationId: number
  channel: string
  rating: FeedbackRating
  comment: string | null
  ratedBy: { userId?: string | null; guestId?: string | null }
  now?: Date
}

/** The stored message with this public id, or undefined (a reply still streaming is not stored yet). */
export async function findRatableMessage(db: ChatbotDb, publicId: string): Promise<RatableMessage | undefined> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.conversation_id', 'm.role', 'm.finish_reason', 'c.public_id'])
    .where('m.public_id', '=', publicId)
    .executeTakeFirst()
  return row && { id: row.id, conversationId: row.conversation_id, role: row.role, finishReason: row.finish_reason, conversationPublicId: row.public_id }
}

/**
 * Stores the message's rating, replacing the one it had (rating, comment, rater and `updated_at`;
 * `created_at` stays the first rating's). One statement, so two racing ratings leave one row.
 */
export async function rateMessage(db: ChatbotDb, input: NewRating): Promise<void> {
  const now = toStoredTimestamp(input.now ?? new Date())
  const current = {
    rating: input.rating,
    comment: input.comment,
    user_id: input.ratedBy.userId ?? null,
    guest_id: input.ratedBy.guestId ?? null,
    updated_at: now,
  }
  await withFeedback(db)
    .insertInto('message_feedback')
    .values({ message_id: input.messageId, conversation_id: input.conversationId, channel: input.channel, created_at: now, ...current })
    .onConflict((conflict) => conflict.column('message_id').doUpdateSet(current))
    .execute()
}

/** The ratings of a conversation's messages, by the message's public id. */
export async function ratingsOf(db: ChatbotDb, conversationId: number): Promise<Map<string, FeedbackRating>> {
  const rows = await withFeedback(db)
    .selectFrom('message_feedback as f')
    .innerJoin('messages as m', 'm.id', 'f.message_id')
    .select(['m.public_id', 'f.rating'])
    .where('f.conversation_id', '=', conversationId)
    .execute()
  return new Map(rows.map((row) => [row.public_id, row.rating]))
}
