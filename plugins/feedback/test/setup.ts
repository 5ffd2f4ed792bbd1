import { expect } from 'vitest'
import type { ChatbotConfig } from '@chatbot-kit/kernel'
import type { CreatedDatabase } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { feedbackPlugin } from '../src/index.js'

// Every route test talks to a chatbot over a real socket, on a database of the target's dialect.

/** A chatbot with the feedback plugin (then `plugins`) on `created`, served on a real socket. */
export const start = (created: CreatedDatabase, config: ChatbotConfig = {}): Promise<Harness> =>
  // shutdownGrace 0: a reply a test leaves hanging does not hold `close()`.
  createHarness('socket', { database: created.database, shutdownGrace: 0, ...config, plugins: [feedbackPlugin(), ...(config.plugins ?? [])] })

/** Sends a message; resolves once its reply is stored, with the ids the widget gets. */
export async function ask(h: Harness, token: string, message = 'Where is my order?', conversationId?: string) {
  const response = await h.post({ signed_context: token, message, ...(conversationId ? { conversation_id: conversationId } : {}) })
  expect(response.status).toBe(200)
  const done = (await events(response)).at(-1)!
  expect(done.type).toBe('done')
  return { conversationId: done.conversation_id as string, replyId: done.message_id as string }
}

/** `POST /chatbot/messages/:id/feedback` with `body` as JSON (a string as is). */
export const rate = (h: Harness, messageId: string, body: unknown, headers: Record<string, string> = {}) =>
  h.request(`/chatbot/messages/${messageId}/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** Status and error code of an answer (`null` code for a body-less one). */
export async function outcome(response: Response): Promise<[number, string | null]> {
  const text = await response.text()
  return [response.status, text === '' ? null : ((JSON.parse(text) as { error: { code: string } }).error.code)]
}

export interface HistoryElement {
  id: string | null
  role: 'user' | 'assistant'
  content: string
  status: string
  feedback?: 'up' | 'down' | null
}

export async function history(h: Harness, conversationId: string, token: string): Promise<HistoryElement[]> {
  const response = await h.history(conversationId, token)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: HistoryElement[] }).messages
}

/** The stored feedback rows (the table as the chatbot's layout names it). */
export const storedFeedback = (h: Harness) =>
  h.chatbot.db
    .withTables<{ message_feedback: { message_id: number; rating: string; comment: string | null; user_id: string | null; guest_id: string | null; channel: string; created_at: string; updated_at: string } }>()
    .selectFrom('message_feedback')
    .select(['rating', 'comment', 'user_id', 'guest_id', 'channel', 'created_at', 'updated_at'])
    .execute()
