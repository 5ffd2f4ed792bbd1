import type { ListPageInput } from '@chatbot-kit/admin'
import type { FeedbackRating } from '../storage/message-feedback.table.js'
import type { feedbackRouter } from './feedback-router.js'

/** A reply's rating as the admin transcript shows it. */
export interface ReplyFeedback {
  rating: FeedbackRating
  comment: string | null
  /** When the reply was first rated. */
  createdAt: string
  /** When the current rating was given. */
  updatedAt: string
}

export interface FeedbackListInput extends ListPageInput {
  channel?: string
  rating?: FeedbackRating
  /** ISO 8601: replies first rated at or after it. */
  since?: string
  /** ISO 8601: replies first rated before it. */
  until?: string
}

// What the plugin adds to the admin API's types (its procedures load with the first admin request: admin/contribution.ts).
declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    feedback: typeof feedbackRouter
  }
  interface AdminMessage {
    /** A reply's rating; null when unrated or on a question. */
    feedback: ReplyFeedback | null
  }
  interface ConversationListInput {
    /** `true`: only conversations with a reply rated down; `false`: only those without. */
    hasDownRating?: boolean
  }
  interface OverviewDay {
    /** Replies first rated that day, by their current rating. */
    feedbackUp: number
    feedbackDown: number
  }
}
