import { adminProcedure, fail, inputSchema, listInputRange, optionalString, pageOf, router, uuid, withCursorCheck } from '@chatbot-kit/admin/procedures'
import { listApprovals, MAX_APPROVAL_PAGE, type ListToolApprovalsOptions, type ToolApprovalListPage } from '../storage/list-tool-approvals.js'
import type { ApprovalListInput } from './types.js'

const DECISIONS: readonly unknown[] = ['approve', 'deny', 'pending'] satisfies ApprovalListInput['decision'][]

function optionalDecision(value: unknown): ApprovalListInput['decision'] {
  if (value === undefined || value === null) return undefined
  if (!DECISIONS.includes(value)) fail('decision', 'must be "approve", "deny" or "pending"')
  return value as ApprovalListInput['decision']
}

function parseListInput(raw: unknown): ListToolApprovalsOptions {
  const { input, since, until } = listInputRange(raw, ['conversationId', 'tool', 'decision'])
  return {
    conversationId: input.conversationId === undefined || input.conversationId === null ? undefined : uuid(input.conversationId, 'conversationId'),
    tool: optionalString(input.tool, 'tool', 200),
    decision: optionalDecision(input.decision),
    since,
    until,
    ...pageOf(input, MAX_APPROVAL_PAGE),
  }
}

const listInput = inputSchema<ApprovalListInput | void, ListToolApprovalsOptions>(parseListInput)

/** `approvals.*` of the admin API: the tool-approval audit. */
export const approvalsRouter = router({
  /** Newest first; pass `nextCursor` back as `cursor` for the next page. */
  list: adminProcedure.input(listInput).query(({ ctx, input }): Promise<ToolApprovalListPage> => withCursorCheck(() => listApprovals(ctx.chatbot.db, input))),
})
