import type { Generated, Insertable, Selectable } from 'kysely'

/** A reply's rating: thumbs up or down. */
export type FeedbackRating = 'up' | 'down'

/** Row shape of `message_feedback`: one row per rated reply, the current rating. */
export interface MessageFeedbackTable {
  id: Generated<number>
  /** Internal id of the rated assistant message; unique: one rating per message. */
  message_id: number
  conversation_id: number
  /** The conversation's channel, copied so the console's counts need no join. */
  channel: string
  rating: FeedbackRating
  /** Null when none was given (or only whitespace). */
  comment: string | null
  /** Who rated: the envelope's identity, the conversation's owner. */
  user_id: string | null
  guest_id: string | null
  /** When the message was first rated; the day it counts on. */
  created_at: string
  /** When the current rating (and comment) was given. */
  updated_at: string
}

export type MessageFeedbackRow = Selectable<MessageFeedbackTable>
export type NewMessageFeedbackRow = Insertable<MessageFeedbackTable>
