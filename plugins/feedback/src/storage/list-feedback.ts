import { createIdCursor, fromStoredTimestamp, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withFeedback, type ChatbotDb } from './feedback-tables.js'
import type { FeedbackRating } from './message-feedback.table.js'

/** Filters of `listFeedback`; they combine with "and". */
export interface FeedbackFilters {
  channel?: string
  rating?: FeedbackRating
  /** Ratings first given at or after this instant. */
  since?: Date
  /** Ratings first given before this instant. */
  until?: Date
}

export interface ListFeedbackOptions extends FeedbackFilters {
  /** Page size, 1 to 200 (default 50). */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

/** One row of the admin list (contract §9.4); ids are public ones. */
export interface FeedbackSummary {
  /** The rated reply's public id. */
  messageId: string
  conversationId: string
  channel: string
  rating: FeedbackRating
  comment: string | null
  /** When the reply was first rated. */
  createdAt: string
  /** When its current rating was given (later than `createdAt` once the rating was replaced). */
  updatedAt: string
  /** The rated reply's text. */
  reply: string
  /** The user message before it; null when there is none. */
  question: string | null
}

export interface FeedbackListPage {
  items: FeedbackSummary[]
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

export const MAX_FEEDBACK_PAGE = 200

/**
 * Newest first (by first rating), keyset-paginated on the internal id as `conversations.list` is:
 * ratings stored while a client pages never shift a page. A `RangeError` for a bad `limit` or a
 * foreign cursor.
 */
export async function listFeedback(db: ChatbotDb, options: ListFeedbackOptions = {}): Promise<FeedbackListPage> {
  const limit = options.limit ?? 50
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_FEEDBACK_PAGE) throw new RangeError(`limit must be a whole number from 1 to ${MAX_FEEDBACK_PAGE}, got ${limit}`)
  const after = options.cursor == null ? undefined : cursor.decode(options.cursor)
  const { channel, rating, since, until } = options
  const rows = await withFeedback(db)
    .selectFrom('message_feedback as f')
    .innerJoin('messages as m', 'm.id', 'f.message_id')
    .innerJoin('conversations as c', 'c.id', 'f.conversation_id')
    .select(['f.id', 'm.public_id as message_public_id', 'c.public_id as conversation_public_id', 'f.channel', 'f.rating', 'f.comment', 'f.created_at', 'f.updated_at', 'm.content as reply'])
    // The latest user message before the reply (a continued turn's reply has none of its own).
    .select((eb) =>
      eb
        .selectFrom('messages as q')
        .select('q.content')
        .whereRef('q.conversation_id', '=', 'f.conversation_id')
        .whereRef('q.id', '<', 'f.message_id')
        .where('q.role', '=', 'user')
        .orderBy('q.id', 'desc')
        .limit(1)
        .as('question'),
    )
    .where((eb) =>
      eb.and([
        ...(after === undefined ? [] : [eb('f.id', '<', after)]),
        ...(channel === undefined ? [] : [eb('f.channel', '=', channel)]),
        ...(rating === undefined ? [] : [eb('f.rating', '=', rating)]),
        ...(since === undefined ? [] : [eb('f.created_at', '>=', toStoredTimestamp(since))]),
        ...(until === undefined ? [] : [eb('f.created_at', '<', toStoredTimestamp(until))]),
      ]),
    )
    .orderBy('f.id', 'desc')
    .limit(limit + 1)
    .execute()
  const { rows: page, nextCursor } = cursor.page(rows, limit)
  return {
    items: page.map((row) => ({
      messageId: row.message_public_id,
      conversationId: row.conversation_public_id,
      channel: row.channel,
      rating: row.rating,
      comment: row.comment,
      createdAt: fromStoredTimestamp(row.created_at),
      updatedAt: fromStoredTimestamp(row.updated_at),
      reply: row.reply,
      question: row.question ?? null,
    })),
    nextCursor,
  }
}

// `f:`: a cursor of `conversations.list` or `approvals.list` is refused here, and this one there.
const cursor = createIdCursor('f')
