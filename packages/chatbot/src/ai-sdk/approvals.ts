import type { UIMessage } from 'ai'
import { ChatbotTransportError } from './errors.js'

/** A decided round, ready for `POST …/approvals/{approvalId}`. */
export interface DecidedApproval {
  approvalId: string
  body: { decision: 'approve' | 'deny' } | { decisions: Record<string, 'approve' | 'deny'> }
  comment?: string
}

interface ApprovalPart {
  toolCallId: string
  state: string
  approval?: { id: string; approved?: boolean; reason?: string }
}

const COMPOSITE = /^([0-9a-f-]{36}):(.+)$/i

/**
 * The round the user decided in the chat (`chat.addToolApprovalResponse` for each call): every
 * tool part of `message` whose approval id is ours (`<approval_id>:<call_id>`) and answered.
 * Throws `approval_incomplete` while a call of that round still waits; undefined when none was
 * answered.
 */
export function decidedInMessage(message: UIMessage | undefined): DecidedApproval | undefined {
  const rounds = new Map<string, ApprovalPart[]>()
  for (const part of (message?.parts ?? []) as unknown as ApprovalPart[]) {
    const match = part.approval ? COMPOSITE.exec(part.approval.id) : null
    if (!match || (part.state !== 'approval-requested' && part.state !== 'approval-responded')) continue
    rounds.set(match[1]!, [...(rounds.get(match[1]!) ?? []), part])
  }
  // The latest round the user answered.
  const answered = [...rounds].filter(([, parts]) => parts.some((part) => part.state === 'approval-responded')).at(-1)
  if (!answered) return undefined
  const [approvalId, parts] = answered
  if (parts.some((part) => part.state === 'approval-requested')) {
    throw new ChatbotTransportError('Approve or deny every call of the round before sending.', { code: 'approval_incomplete' })
  }
  const decisions = Object.fromEntries(parts.map((part) => [part.toolCallId, part.approval!.approved ? 'approve' : 'deny'] as const))
  const reasons = [...new Set(parts.map((part) => part.approval!.reason?.trim()).filter((reason): reason is string => Boolean(reason)))]
  return { approvalId, body: { decisions }, ...(reasons.length > 0 ? { comment: reasons.join('\n').slice(0, 2000) } : {}) }
}

/** What `transport.decide()` records, in the body the approvals route takes. */
export function recordedDecision(approvalId: string, decision: 'approve' | 'deny' | Record<string, 'approve' | 'deny'>, comment?: string): DecidedApproval {
  return { approvalId, body: typeof decision === 'string' ? { decision } : { decisions: decision }, ...(comment ? { comment } : {}) }
}
