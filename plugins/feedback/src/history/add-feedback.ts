import type { HistoryContext, PluginApi } from '@chatbot-kit/kernel'
import { ratingsOf } from '../storage/feedback.repository.js'
import type { FeedbackRating } from '../storage/message-feedback.table.js'

declare module '@chatbot-kit/kernel' {
  interface HistoryMessage {
    /** Feedback plugin: a reply's rating, `null` when unrated; absent on user elements, a person's messages and the greeting. */
    feedback?: FeedbackRating | null
  }
}

/**
 * `conversation:history`: each reply with an id gains `feedback`, so a reload shows the thumbs as
 * they were. A person's message (`author.kind: "agent"`, set by the handoff plugin's listener,
 * which runs before this one) cannot be rated and gets none.
 */
export function addFeedback(api: PluginApi) {
  return async (context: HistoryContext): Promise<void> => {
    if (!context.messages.some((message) => message.role === 'assistant')) return
    const ratings = await ratingsOf(api.storage.db, context.conversation.id)
    for (const message of context.messages) {
      if (message.role === 'assistant' && message.id !== null && message.author?.kind !== 'agent') message.feedback = ratings.get(message.id) ?? null
    }
  }
}
