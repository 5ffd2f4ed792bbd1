import type { SourcesStreamEvent } from '../../turn/stream-events.js'
import { fromStoredTimestamp } from '../timestamps.js'
import type { MessageRole, MessageRow, MessageStatus } from './messages.table.js'

export interface StoredMessage {
  /** Internal id; also the message order within a conversation. */
  id: number
  publicId: string
  conversationId: number
  role: MessageRole
  content: string
  routeName: string
  contextHash: string | null
  status: MessageStatus
  finishReason: string | null
  tokenCount: number
  inputTokens: number | null
  outputTokens: number | null
  /** What the reply was offered to cite (`[]` when nothing), and the ids it cited. */
  sources: SourcesStreamEvent['sources']
  citations: number[]
  /** ISO 8601 with offset, e.g. `2026-11-22T05:13:00.000+00:00`. */
  createdAt: string
}

export function toStoredMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    publicId: row.public_id,
    conversationId: row.conversation_id,
    role: row.role,
    content: row.content,
    routeName: row.route_name,
    contextHash: row.context_hash,
    status: row.status,
    finishReason: row.finish_reason,
    tokenCount: row.token_count,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    sources: row.sources === null ? [] : (JSON.parse(row.sources) as SourcesStreamEvent['sources']),
    citations: row.citations === null ? [] : (JSON.parse(row.citations) as number[]),
    createdAt: fromStoredTimestamp(row.created_at),
  }
}
