import type { Generated, Insertable, Selectable } from 'kysely'

export type MessageRole = 'user' | 'assistant'
/** `incomplete`: a reply cut by a provider error, a timeout or a client disconnect. */
export type MessageStatus = 'complete' | 'incomplete'

/** Row shape of `messages`. */
export interface MessagesTable {
  id: Generated<number>
  public_id: string
  conversation_id: number
  role: MessageRole
  content: string
  route_name: string
  context_hash: string | null
  status: MessageStatus
  finish_reason: string | null
  /** Tokens of `content`, cached so building a prompt needs no re-tokenizing. */
  token_count: number
  /** Provider usage for an assistant reply. */
  input_tokens: number | null
  output_tokens: number | null
  /** An assistant reply's offered sources and the ids it cited, as JSON; null when none were offered. */
  sources: string | null
  citations: string | null
  created_at: string
}

export type MessageRow = Selectable<MessagesTable>
export type NewMessageRow = Insertable<MessagesTable>
