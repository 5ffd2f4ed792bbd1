import type { Expression, SqlBool } from 'kysely'
import { type PluginStorage } from '@chatbot-kit/kernel'
import { createIdCursor, dialectOf, fromStoredTimestamp, sql, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { fromStoredCalls, type ToolApprovalCall, type ToolApprovalDecider, type ToolApprovalDecision } from './stored-tool-approval.js'
import { withToolApprovals } from './tool-approvals.repository.js'

/** Filters of `listApprovals`; they combine with "and". */
export interface ToolApprovalFilters {
  /** The conversation's public id. */
  conversationId?: string
  /** Approvals with a call of this tool. */
  tool?: string
  /** Approvals with a call of this decision (`pending`: not decided yet). With `tool`, the same call has both. */
  decision?: ToolApprovalDecision | 'pending'
  /** Approvals requested at or after this instant. */
  since?: Date
  /** Approvals requested before this instant. */
  until?: Date
}

export interface ListToolApprovalsOptions extends ToolApprovalFilters {
  /** Page size, 1 to 200 (default 50). */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

/** One row of the admin list (contract §9.2); ids are public ones. */
export interface ToolApprovalSummary {
  id: string
  conversationId: string
  calls: ToolApprovalCall[]
  decidedBy: ToolApprovalDecider
  comment: string | null
  requestedAt: string
  decidedAt: string | null
}

export interface ToolApprovalListPage {
  items: ToolApprovalSummary[]
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

export const MAX_APPROVAL_PAGE = 200

/**
 * Newest first, keyset-paginated on the internal id as `conversations.list` is: approvals stored
 * while a client pages never shift a page. A `RangeError` for a bad `limit` or a foreign cursor.
 */
export async function listApprovals(db: PluginStorage['db'], options: ListToolApprovalsOptions = {}): Promise<ToolApprovalListPage> {
  const limit = options.limit ?? 50
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_APPROVAL_PAGE) throw new RangeError(`limit must be a whole number from 1 to ${MAX_APPROVAL_PAGE}, got ${limit}`)
  const after = options.cursor == null ? undefined : cursor.decode(options.cursor)
  const { conversationId, since, until } = options
  const calls = callFilter(db, options)
  const rows = await withToolApprovals(db)
    .selectFrom('tool_approvals as a')
    .innerJoin('conversations as c', 'c.id', 'a.conversation_id')
    .select(['a.id', 'a.public_id', 'c.public_id as conversation_public_id', 'a.calls', 'a.decided_user_id', 'a.decided_guest_id', 'a.comment', 'a.requested_at', 'a.decided_at'])
    .where((eb) =>
      eb.and([
        ...(after === undefined ? [] : [eb('a.id', '<', after)]),
        ...(conversationId === undefined ? [] : [eb('c.public_id', '=', conversationId)]),
        ...(since === undefined ? [] : [eb('a.requested_at', '>=', toStoredTimestamp(since))]),
        ...(until === undefined ? [] : [eb('a.requested_at', '<', toStoredTimestamp(until))]),
        ...(calls === undefined ? [] : [calls]),
      ]),
    )
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute()
  const { rows: page, nextCursor } = cursor.page(rows, limit)
  return {
    items: page.map((row) => ({
      id: row.public_id,
      conversationId: row.conversation_public_id,
      calls: fromStoredCalls(row.calls),
      decidedBy: { userId: row.decided_user_id, guestId: row.decided_guest_id },
      comment: row.comment,
      requestedAt: fromStoredTimestamp(row.requested_at),
      decidedAt: row.decided_at === null ? null : fromStoredTimestamp(row.decided_at),
    })),
    nextCursor,
  }
}

/**
 * "One of its calls matches", read from the calls JSON: each dialect's function that turns a JSON
 * array into rows (`json_each`, `jsonb_array_elements`, both naming the element `value`), then
 * `->>`, which both spell alike (SQLite 3.38+) and which reads a JSON null as SQL NULL.
 */
function callFilter(db: PluginStorage['db'], { tool, decision }: ToolApprovalFilters): Expression<SqlBool> | undefined {
  if (tool === undefined && decision === undefined) return undefined
  const calls = sql.ref('a.calls')
  const elements = dialectOf(db) === 'postgres' ? sql`jsonb_array_elements(${calls}::jsonb)` : sql`json_each(${calls})`
  const conditions = [
    ...(tool === undefined ? [] : [sql`e.value ->> 'name' = ${tool}`]),
    ...(decision === undefined ? [] : [decision === 'pending' ? sql`(e.value ->> 'decision') is null` : sql`e.value ->> 'decision' = ${decision}`]),
  ]
  return sql<SqlBool>`exists (select 1 from ${elements} as e where ${sql.join(conditions, sql` and `)})`
}

// `a:` rather than `conversations.list`'s `c:`: a cursor of one list is refused by the other.
const cursor = createIdCursor('a')
