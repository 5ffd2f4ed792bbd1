import type { Chatbot, StoredMessage } from '@chatbot-kit/kernel'
import { listApprovals, type ToolApprovalSummary } from '../storage/list-tool-approvals.js'
import { findApproval } from '../storage/tool-approvals.repository.js'
import { listToolInvocations } from '../storage/tool-invocations.repository.js'
import type { AdminApproval, AdminToolInvocation } from './types.js'

/** The conversation's tool invocations, with the public id of the reply that made each call. */
export async function toolInvocationsOf(chatbot: Chatbot, conversationId: number, messages: readonly StoredMessage[]): Promise<AdminToolInvocation[]> {
  const messageIds = new Map(messages.map((message) => [message.id, message.publicId]))
  const invocations = await listToolInvocations(chatbot.db, conversationId)
  return invocations.map((invocation) => ({
    id: invocation.publicId,
    messageId: invocation.messageId === null ? null : (messageIds.get(invocation.messageId) ?? null),
    callId: invocation.callId,
    toolName: invocation.toolName,
    arguments: invocation.arguments,
    result: invocation.result,
    error: invocation.error,
    startedAt: invocation.startedAt,
    finishedAt: invocation.finishedAt,
    durationMs: invocation.durationMs,
    overran: invocation.overran,
  }))
}

/** Every page of the conversation's approvals, oldest first, each with the reply that paused. */
export async function approvalsOf(chatbot: Chatbot, conversationId: string): Promise<AdminApproval[]> {
  const items: ToolApprovalSummary[] = []
  let cursor: string | null = null
  do {
    const page = await listApprovals(chatbot.db, { conversationId, limit: 200, cursor })
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  // A few per conversation: one lookup each for the paused reply's id, which the list leaves out.
  const stored = await Promise.all(items.map((item) => findApproval(chatbot.db, item.id)))
  const approvals = items.flatMap((item, index): AdminApproval[] => {
    const found = stored[index]
    // Gone since the list was read (the conversation was deleted meanwhile).
    if (!found) return []
    return [{ id: item.id, messageId: found.messageId, calls: item.calls, decidedBy: item.decidedBy, comment: item.comment, requestedAt: item.requestedAt, decidedAt: item.decidedAt }]
  })
  return approvals.reverse()
}
