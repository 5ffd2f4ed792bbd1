import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { ToolInvocationRow } from './tool-invocations.table.js'

/** The record of one tool call. */
export interface StoredToolInvocation {
  id: number
  publicId: string
  conversationId: number
  messageId: number | null
  callId: string
  toolName: string
  /** The parsed JSON arguments. */
  arguments: unknown
  result: string | null
  error: string | null
  /** ISO 8601 with offset. */
  startedAt: string
  finishedAt: string | null
  durationMs: number | null
  /** It took longer than its advisory timeout (measured, not enforced). */
  overran: boolean
}

export function toStoredToolInvocation(row: ToolInvocationRow): StoredToolInvocation {
  return {
    id: row.id,
    publicId: row.public_id,
    conversationId: row.conversation_id,
    messageId: row.message_id,
    callId: row.call_id,
    toolName: row.tool_name,
    arguments: JSON.parse(row.arguments),
    result: row.result,
    error: row.error,
    startedAt: fromStoredTimestamp(row.started_at),
    finishedAt: row.finished_at === null ? null : fromStoredTimestamp(row.finished_at),
    durationMs: row.duration_ms,
    overran: row.overran === 1,
  }
}
