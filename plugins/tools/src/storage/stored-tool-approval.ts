import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { ToolApprovalRow } from './tool-approvals.table.js'

export type ToolApprovalDecision = 'approve' | 'deny'

/** One call of a paused round, as the user sees it and decides it. */
export interface ToolApprovalCall {
  callId: string
  name: string
  /** The arguments the model passed: parsed JSON, or the raw text when it was not valid JSON. */
  arguments: unknown
  /** Null until the approval is decided. */
  decision: ToolApprovalDecision | null
}

/** Who decided: the envelope's identity (both null while pending). */
export interface ToolApprovalDecider {
  userId: string | null
  guestId: string | null
}

/** The record of one paused round of tool calls and its decision. */
export interface StoredToolApproval {
  id: number
  /** The `approval_id` clients see. */
  publicId: string
  conversationId: number
  /** Public id of the assistant reply that paused. */
  messageId: string
  calls: ToolApprovalCall[]
  /** What the continuation needs, as it was stored (parsed JSON). */
  transcript: unknown
  decidedBy: ToolApprovalDecider
  comment: string | null
  /** ISO 8601 with offset. */
  requestedAt: string
  expiresAt: string
  decidedAt: string | null
}

/** A call as the `calls` column keeps it (snake_case, like the stream events). */
interface StoredCall {
  call_id: string
  name: string
  arguments: unknown
  decision: ToolApprovalDecision | null
}

export const toStoredCalls = (calls: readonly ToolApprovalCall[]): string =>
  // `?? null`: JSON.stringify drops an undefined property, and a call must keep its `arguments` key.
  JSON.stringify(calls.map((call): StoredCall => ({ call_id: call.callId, name: call.name, arguments: call.arguments ?? null, decision: call.decision })))

export const fromStoredCalls = (text: string): ToolApprovalCall[] =>
  (JSON.parse(text) as StoredCall[]).map((call) => ({ callId: call.call_id, name: call.name, arguments: call.arguments, decision: call.decision }))

export function toStoredToolApproval(row: ToolApprovalRow): StoredToolApproval {
  return {
    id: row.id,
    publicId: row.public_id,
    conversationId: row.conversation_id,
    messageId: row.message_id,
    calls: fromStoredCalls(row.calls),
    transcript: JSON.parse(row.transcript),
    decidedBy: { userId: row.decided_user_id, guestId: row.decided_guest_id },
    comment: row.comment,
    requestedAt: fromStoredTimestamp(row.requested_at),
    expiresAt: fromStoredTimestamp(row.expires_at),
    decidedAt: row.decided_at === null ? null : fromStoredTimestamp(row.decided_at),
  }
}
