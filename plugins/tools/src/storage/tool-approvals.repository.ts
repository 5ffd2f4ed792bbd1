import { randomUUID } from 'node:crypto'
import { type PluginStorage } from '@chatbot-kit/kernel'
import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { toStoredCalls, toStoredToolApproval, type StoredToolApproval, type ToolApprovalDecision } from './stored-tool-approval.js'
import type { ToolApprovalRow, ToolApprovalsTable } from './tool-approvals.table.js'

export interface NewToolApproval {
  conversationId: number
  /** Public id of the assistant reply that paused. */
  messageId: string
  calls: { callId: string; name: string; arguments: unknown }[]
  /** Any JSON-serialisable value; stored as JSON text and given back parsed. */
  transcript: unknown
  requestedAt: Date
  expiresAt: Date
}

export interface ToolApprovalVerdict {
  /** A decision for every call of the approval, by call id. */
  decisions: Record<string, ToolApprovalDecision>
  decidedBy: { userId?: string | null; guestId?: string | null }
  comment: string | null
  decidedAt: Date
}

type ChatbotDb = PluginStorage['db']

/** The chatbot's database typed with `tool_approvals`; the table layout (prefix, schema) applies to it as to the kernel's. */
export const withToolApprovals = (db: ChatbotDb) => db.withTables<{ tool_approvals: ToolApprovalsTable }>()

export async function insertApproval(db: ChatbotDb, input: NewToolApproval): Promise<StoredToolApproval> {
  const row: Omit<ToolApprovalRow, 'id'> = {
    public_id: randomUUID(),
    conversation_id: input.conversationId,
    message_id: input.messageId,
    calls: toStoredCalls(input.calls.map((call) => ({ ...call, decision: null }))),
    transcript: JSON.stringify(input.transcript ?? null),
    decided_user_id: null,
    decided_guest_id: null,
    comment: null,
    requested_at: toStoredTimestamp(input.requestedAt),
    expires_at: toStoredTimestamp(input.expiresAt),
    decided_at: null,
  }
  const { id } = await withToolApprovals(db).insertInto('tool_approvals').values(row).returning('id').executeTakeFirstOrThrow()
  return toStoredToolApproval({ id, ...row })
}

/** The approval with this public id (`approval_id`), decided or not, expired or not. */
export async function findApproval(db: ChatbotDb, publicId: string): Promise<StoredToolApproval | undefined> {
  const row = await withToolApprovals(db).selectFrom('tool_approvals').selectAll().where('public_id', '=', publicId).executeTakeFirst()
  return row && toStoredToolApproval(row)
}

/**
 * Records the decision once: true for the one caller whose update found the approval still
 * undecided, false for any other (decided already, by a racing caller too, or unknown). It does
 * not look at `expiresAt`: refusing a late decision is the caller's. Throws a `RangeError` when
 * `decisions` misses a call or names one the approval does not have.
 */
export async function decideApproval(db: ChatbotDb, publicId: string, verdict: ToolApprovalVerdict): Promise<boolean> {
  const approval = await findApproval(db, publicId)
  if (!approval || approval.decidedAt !== null) return false
  const known = new Set(approval.calls.map((call) => call.callId))
  const stray = Object.keys(verdict.decisions).filter((callId) => !known.has(callId))
  if (stray.length > 0) throw new RangeError(`no call of this approval has the id ${stray.join(', ')}`)
  const calls = approval.calls.map((call) => {
    const decision = verdict.decisions[call.callId]
    if (decision !== 'approve' && decision !== 'deny') throw new RangeError(`call ${call.callId} needs a decision, "approve" or "deny"`)
    return { ...call, decision }
  })
  // `decided_at is null` in the update itself: of two racing callers that both read it undecided, one updates a row.
  const result = await withToolApprovals(db)
    .updateTable('tool_approvals')
    .set({
      calls: toStoredCalls(calls),
      decided_user_id: verdict.decidedBy.userId ?? null,
      decided_guest_id: verdict.decidedBy.guestId ?? null,
      comment: verdict.comment,
      decided_at: toStoredTimestamp(verdict.decidedAt),
    })
    .where('public_id', '=', publicId)
    .where('decided_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** The conversation's latest approval still waiting for a decision at `now` (not decided, not expired). */
export async function pendingApproval(db: ChatbotDb, conversationId: number, now: Date): Promise<StoredToolApproval | undefined> {
  const row = await withToolApprovals(db)
    .selectFrom('tool_approvals')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('decided_at', 'is', null)
    .where('expires_at', '>', toStoredTimestamp(now))
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row && toStoredToolApproval(row)
}

/**
 * Takes a decision back (its continuation failed before any of its calls ran, e.g. the daily
 * quota refused it): the approval waits again, as it was stored.
 */
export async function reopenApproval(db: ChatbotDb, approval: StoredToolApproval): Promise<void> {
  await withToolApprovals(db)
    .updateTable('tool_approvals')
    .set({ calls: toStoredCalls(approval.calls.map((call) => ({ ...call, decision: null }))), decided_user_id: null, decided_guest_id: null, comment: null, decided_at: null })
    .where('public_id', '=', approval.publicId)
    .execute()
}
