import type { HistoryContext, PendingToolCall, PluginApi } from '@chatbot-kit/kernel'
import { pendingApproval } from '../storage/tool-approvals.repository.js'

/** `conversation:history`: `pending_approval`, the calls still waiting for the user (or null), so a reload shows them. */
export function addPendingApproval(api: PluginApi) {
  return async (context: HistoryContext): Promise<void> => {
    const pending = await pendingApproval(api.storage.db, context.conversation.id, new Date())
    const calls: PendingToolCall[] | undefined = pending?.calls.map((call) => ({ call_id: call.callId, name: call.name, arguments: call.arguments }))
    context.fields.pending_approval = pending ? { approval_id: pending.publicId, calls, expires_at: pending.expiresAt } : null
  }
}
