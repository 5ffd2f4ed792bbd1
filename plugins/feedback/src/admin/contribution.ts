import { defineAdminContribution, optionalBoolean, quotedLines } from '@chatbot-kit/admin/procedures'
import { conversationsWithDownRating } from '../storage/down-rated.js'
import { feedbackByDay } from '../storage/feedback-by-day.js'
import { feedbackRouter } from './feedback-router.js'
import { replyFeedback } from './reply-feedback.js'
import type { ReplyFeedback } from './types.js'

/**
 * The feedback plugin's part of the admin API: `feedback.list`, the "has a thumbs down" filter of
 * `conversations.list`, each reply's rating in a transcript, thumbs up and down per day in the overview.
 */
export const feedbackAdmin = defineAdminContribution({
  routers: { feedback: feedbackRouter },
  conversationFilters: {
    hasDownRating: {
      parse: (value: unknown, field: string) => optionalBoolean(value, field),
      where: (down: boolean) => (eb, db) => eb('c.id', down ? 'in' : 'not in', conversationsWithDownRating(db)),
    },
  },
  transcript: {
    async load({ chatbot, conversation }) {
      const ratings = await replyFeedback(chatbot.db, conversation.id)
      return { message: (message) => ({ feedback: ratings.get(message.id) ?? null }) }
    },
    markdown: () => ({ afterText: (message) => (message.feedback ? [feedbackLines(message.feedback)] : []) }),
  },
  overview: {
    empty: { feedbackUp: 0, feedbackDown: 0 },
    days: async (db, range) => (await feedbackByDay(db, range)).map((row) => ({ day: row.day, feedbackUp: row.up, feedbackDown: row.down })),
  },
})

function feedbackLines(feedback: ReplyFeedback): string[] {
  const lines = [`**Feedback**: ${feedback.rating === 'up' ? 'thumbs up' : 'thumbs down'}, ${feedback.updatedAt}`]
  if (feedback.comment) lines.push('', ...quotedLines(feedback.comment))
  return lines
}
