import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { countTokens } from '@chatbot-kit/kernel'
import type { StoredMessage } from '@chatbot-kit/kernel'
import { withHandoff, type ChatbotDb } from './db.js'

/** Stores a person's message as an assistant message, and its author. */
export async function insertAgentMessage(db: ChatbotDb, conversationId: number, agent: string, text: string, routeName: string): Promise<StoredMessage> {
  const stored = await insertMessage(db, { conversationId, role: 'assistant', content: text, routeName, contextHash: null, finishReason: 'agent', tokenCount: countTokens(text) })
  await withHandoff(db).insertInto('handoff_messages').values({ message_id: stored.id, conversation_id: conversationId, agent }).execute()
  return stored
}

/** The agents who wrote a conversation's messages, by message public id. */
export async function agentAuthors(db: ChatbotDb, conversationId: number): Promise<Map<string, string>> {
  const rows = await withHandoff(db)
    .selectFrom('handoff_messages as h')
    .innerJoin('messages as m', 'm.id', 'h.message_id')
    .select(['m.public_id', 'h.agent'])
    .where('h.conversation_id', '=', conversationId)
    .execute()
  return new Map(rows.map((row) => [row.public_id, row.agent]))
}

/** The empty replies of turns held while a person had the conversation (history leaves them out). */
export async function heldReplies(db: ChatbotDb, conversationId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('messages').select('public_id').where('conversation_id', '=', conversationId).where('finish_reason', '=', 'handoff').where('content', '=', '').execute()
  return new Set(rows.map((row) => row.public_id))
}
