import { withFeedback, type ChatbotDb } from './feedback-tables.js'

/**
 * The internal ids of the conversations with a reply rated down, as a sub-query for a filter:
 * `eb('c.id', 'in', conversationsWithDownRating(db))` ("has thumbs down" in the console).
 * Served by the `(conversation_id, rating)` index.
 */
export function conversationsWithDownRating(db: ChatbotDb) {
  return withFeedback(db).selectFrom('message_feedback').select('message_feedback.conversation_id').where('message_feedback.rating', '=', 'down')
}
