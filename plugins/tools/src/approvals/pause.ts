import type { ChatToolCall, PendingToolCall, PluginApi, Turn } from '@chatbot-kit/kernel'
import { parseArguments } from '../arguments.js'
import { insertApproval } from '../storage/tool-approvals.repository.js'
import { transcriptOf } from './transcript.js'

/** The finish reason of a reply that paused for the user's approval. */
export const APPROVAL_REQUIRED = 'approval_required'

/**
 * Pauses the turn on calls that need the user's approval (the round's other calls ran and their
 * results are in the request): the approval is stored with what the continuation needs, the
 * stream gets `tool_approval_required`, and the turn ends with `done` `approval_required`.
 */
export async function pauseForApproval(api: PluginApi, turn: Turn, calls: ChatToolCall[]): Promise<void> {
  const requestedAt = new Date()
  const expiresAt = new Date(requestedAt.getTime() + api.config.tools.approvalTtl * 1000)
  const pending: PendingToolCall[] = calls.map((call) => {
    const parsed = parseArguments(call.function.arguments)
    return { call_id: call.id, name: call.function.name, arguments: parsed.ok ? parsed.value : call.function.arguments }
  })
  const approval = await insertApproval(api.storage.db, {
    conversationId: turn.conversation.id,
    messageId: turn.replyId,
    calls: pending.map((call) => ({ callId: call.call_id, name: call.name, arguments: call.arguments })),
    transcript: transcriptOf(turn),
    requestedAt,
    expiresAt,
  })
  turn.send({ type: 'tool_approval_required', approval_id: approval.publicId, calls: pending, expires_at: approval.expiresAt })
  turn.pause(APPROVAL_REQUIRED)
}
