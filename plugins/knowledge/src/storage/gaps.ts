import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { normalizeQuestion } from '../retrieval/query-terms.js'
import { withKnowledge, type ChatbotDb } from './tables.js'

export interface NewGap {
  question: string
  channel: string
  /** The conversation's public id. */
  conversationId: string | null
}

/** Records a question nothing in the knowledge answered (scored `minScore` or more). */
export async function recordGap(db: ChatbotDb, gap: NewGap, now = new Date()): Promise<void> {
  await withKnowledge(db)
    .insertInto('knowledge_gaps')
    .values({ question: gap.question, normalized: normalizeQuestion(gap.question), channel: gap.channel, conversation_id: gap.conversationId, created_at: toStoredTimestamp(now) })
    .execute()
}
