import type { ListPageInput } from '@chatbot-kit/admin'
import type { ToolApprovalSummary } from '../storage/list-tool-approvals.js'
import type { StoredToolInvocation } from '../storage/stored-tool-invocation.js'
import type { approvalsRouter } from './approvals-router.js'

/** A stored tool invocation as the admin API shows it: public ids only. */
export interface AdminToolInvocation extends Omit<StoredToolInvocation, 'id' | 'publicId' | 'conversationId' | 'messageId'> {
  id: string
  /** Public id of the assistant message that made the call, when recorded. */
  messageId: string | null
}

/** A tool approval of the conversation, as `approvals.list` shows it, with the reply that paused. */
export interface AdminApproval extends Omit<ToolApprovalSummary, 'conversationId'> {
  /** Public id of the assistant reply that paused for it. */
  messageId: string
}

export interface ApprovalListInput extends ListPageInput {
  /** The conversation's public id. */
  conversationId?: string
  /** Approvals with a call of this tool. */
  tool?: string
  /** Approvals with a call of this decision; `pending`: not decided (expired ones included). With `tool`, the same call. */
  decision?: 'approve' | 'deny' | 'pending'
  /** ISO 8601: approvals requested at or after it. */
  since?: string
  /** ISO 8601: approvals requested before it. */
  until?: string
}

// What the plugin adds to the admin API's types (its procedures load with the first admin request: admin/contribution.ts).
declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    approvals: typeof approvalsRouter
  }
  interface ConversationDetail {
    toolInvocations: AdminToolInvocation[]
    /** Oldest first. */
    approvals: AdminApproval[]
  }
}
