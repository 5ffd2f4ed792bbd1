import { ChatbotValidationException } from '@chatbot-kit/kernel'
import type { ToolApprovalCall, ToolApprovalDecision } from '../storage/stored-tool-approval.js'

const COMMENT_LIMIT = 2000
const isDecision = (value: unknown): value is ToolApprovalDecision => value === 'approve' || value === 'deny'

/** The decisions a request body makes: `decision` for every call, or `decisions` naming each call once. 422 otherwise. */
export function readDecisions(body: Record<string, unknown>, calls: readonly ToolApprovalCall[]): { decisions: Record<string, ToolApprovalDecision>; comment: string | null } {
  const { decision, decisions, comment } = body
  if (comment !== undefined && comment !== null && (typeof comment !== 'string' || comment.length > COMMENT_LIMIT)) {
    throw new ChatbotValidationException('The comment is not valid.', { comment: `must be text of at most ${COMMENT_LIMIT} characters` })
  }
  const note = typeof comment === 'string' && comment !== '' ? comment : null
  if ((decision === undefined) === (decisions === undefined)) {
    throw new ChatbotValidationException('Send either decision or decisions.', { decision: 'send "approve" or "deny" for every call, or decisions by call id' })
  }
  if (decision !== undefined) {
    if (!isDecision(decision)) throw new ChatbotValidationException('The decision is not valid.', { decision: 'must be "approve" or "deny"' })
    return { decisions: Object.fromEntries(calls.map((call) => [call.callId, decision])), comment: note }
  }
  if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) {
    throw new ChatbotValidationException('The decisions are not valid.', { decisions: 'must be an object of call id to "approve" or "deny"' })
  }
  const given = decisions as Record<string, unknown>
  const ids = new Set(calls.map((call) => call.callId))
  const unknown = Object.keys(given).filter((id) => !ids.has(id))
  const missing = [...ids].filter((id) => !(id in given))
  const invalid = Object.entries(given).filter(([, value]) => !isDecision(value)).map(([id]) => id)
  if (unknown.length + missing.length + invalid.length > 0) {
    const problems = [missing.length ? `no decision for ${missing.join(', ')}` : '', unknown.length ? `no call ${unknown.join(', ')}` : '', invalid.length ? `not "approve" or "deny" for ${invalid.join(', ')}` : '']
    throw new ChatbotValidationException('The decisions must name each call once with "approve" or "deny".', { decisions: problems.filter(Boolean).join('; ') })
  }
  return { decisions: given as Record<string, ToolApprovalDecision>, comment: note }
}
