import type { Generated, Insertable, Selectable } from 'kysely'

/** Row shape of `tool_approvals`: one row per paused round of tool calls. */
export interface ToolApprovalsTable {
  id: Generated<number>
  /** The `approval_id` of the stream event and the approvals route. */
  public_id: string
  conversation_id: number
  /** Public id of the assistant reply that paused. */
  message_id: string
  /** JSON text: `[{ call_id, name, arguments, decision }]`, `decision` null until decided. */
  calls: string
  /** JSON text: the provider messages the continuation needs. */
  transcript: string
  decided_user_id: string | null
  decided_guest_id: string | null
  comment: string | null
  requested_at: string
  expires_at: string
  decided_at: string | null
}

export type ToolApprovalRow = Selectable<ToolApprovalsTable>
export type NewToolApprovalRow = Insertable<ToolApprovalsTable>
