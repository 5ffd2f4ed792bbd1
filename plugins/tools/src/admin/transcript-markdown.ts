import type { AdminMessage, ConversationDetail, TranscriptMarkdown } from '@chatbot-kit/admin'
import { fencedBlock, inlineCode } from '@chatbot-kit/admin/procedures'
import type { AdminApproval, AdminToolInvocation } from './types.js'

/**
 * The tool calls and approvals in a Markdown transcript: each call before the text of the reply
 * it led to (fenced arguments and result), the approvals after the reply that paused for them,
 * and calls that reached no stored reply at the end.
 */
export function toolsMarkdown(detail: ConversationDetail): TranscriptMarkdown {
  const calls = callsByReply(detail)
  return {
    beforeText: (message) => (calls.get(message.id) ?? []).map(invocationLines),
    afterText: (message: AdminMessage) => detail.approvals.filter((approval) => approval.messageId === message.id).map(approvalLines),
    // Calls of a turn that stored no reply (it failed mid-way) still belong in the record.
    end: () => {
      const unplaced = calls.get(null) ?? []
      return unplaced.length === 0 ? [] : [['## Tool calls without a stored reply'], ...unplaced.map(invocationLines)]
    },
  }
}

/**
 * Each call under the reply it led to: the one recorded, else the first reply stored after the
 * call started (a turn stores its reply after its tool rounds); `null` for none.
 */
function callsByReply(detail: ConversationDetail): Map<string | null, AdminToolInvocation[]> {
  const replies = detail.messages.filter((message) => message.role === 'assistant')
  const byReply = new Map<string | null, AdminToolInvocation[]>()
  for (const call of detail.toolInvocations) {
    const reply = replies.find((message) => message.id === call.messageId) ?? (call.messageId === null ? replies.find((message) => message.createdAt >= call.startedAt) : undefined)
    const key = reply?.id ?? null
    byReply.set(key, [...(byReply.get(key) ?? []), call])
  }
  return byReply
}

function invocationLines(call: AdminToolInvocation): string[] {
  const timing = call.durationMs === null ? '' : `, ${call.durationMs} ms${call.overran ? ' (over its timeout)' : ''}`
  const lines = [`**Tool call** ${inlineCode(call.toolName)} (${inlineCode(call.callId)}${timing})`, '', 'Arguments:', '', ...fencedBlock(JSON.stringify(call.arguments, null, 2) ?? 'null', 'json')]
  if (call.error !== null) lines.push('', 'Error:', '', ...fencedBlock(call.error))
  else if (call.result !== null) lines.push('', 'Result:', '', ...fencedBlock(call.result))
  return lines
}

const DECISIONS = { approve: 'approved', deny: 'denied' } as const

function approvalLines(approval: AdminApproval): string[] {
  const decider = approval.decidedBy.userId ?? approval.decidedBy.guestId
  const state = approval.decidedAt === null ? 'pending' : `decided ${approval.decidedAt}${decider ? ` by ${inlineCode(decider)}` : ''}`
  const lines = [`**Approval** ${inlineCode(approval.id)}, requested ${approval.requestedAt}, ${state}`, '']
  for (const call of approval.calls) lines.push(`- ${inlineCode(call.name)} (${inlineCode(call.callId)}): ${call.decision ? DECISIONS[call.decision] : 'not decided'}, arguments ${inlineCode(JSON.stringify(call.arguments) ?? 'null')}`)
  if (approval.comment) lines.push('', `Comment: ${approval.comment}`)
  return lines
}
