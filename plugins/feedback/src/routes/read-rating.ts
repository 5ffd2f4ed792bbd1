import { ChatbotValidationException } from '@chatbot-kit/kernel'
import type { FeedbackRating } from '../storage/message-feedback.table.js'

/** At most this many UTF-16 code units, as a browser's `maxlength` counts. */
const COMMENT_LIMIT = 2000

/**
 * The rating and comment a request body gives; 422 naming each bad field otherwise. A comment
 * that is empty or only whitespace is no comment (stored as null): the widget sends what its box holds.
 */
export function readRating(body: Record<string, unknown>): { rating: FeedbackRating; comment: string | null } {
  const { rating, comment } = body
  const fields: Record<string, string> = {}
  if (rating !== 'up' && rating !== 'down') fields.rating = 'is required and must be "up" or "down"'
  if (comment !== undefined && comment !== null) {
    if (typeof comment !== 'string' || comment.length > COMMENT_LIMIT) fields.comment = `must be text of at most ${COMMENT_LIMIT} characters`
    // Postgres cannot store U+0000 in text; refused as the messages route refuses it.
    else if (comment.includes('\u0000')) fields.comment = 'must not contain NUL (U+0000) characters'
  }
  if (Object.keys(fields).length > 0) throw new ChatbotValidationException(`Invalid request: ${Object.keys(fields).join(', ')}.`, fields)
  const text = typeof comment === 'string' && comment.trim() !== '' ? comment : null
  return { rating: rating as FeedbackRating, comment: text }
}
