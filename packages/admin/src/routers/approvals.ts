import { listApprovals, MAX_APPROVAL_PAGE, type ListToolApprovalsOptions, type ToolApprovalListPage } from '@chatbot-kit/plugin-tools'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, listInputRange, optionalString, pageOf, uuid, withCursorCheck } from '../validate.js'

export interface ApprovalListInput {
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
  /** 1 to 200, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

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

export const approvalsRouter = router({
  /** Newest first; pass `nextCursor` back as `cursor` for the next page. Their table is the tools plugin's: none without it. */
  list: adminProcedure.input(listInput).query(async ({ ctx, input }): Promise<ToolApprovalListPage> => {
    if (!ctx.chatbot.config.plugins.some((plugin) => plugin.name === 'tools')) return { items: [], nextCursor: null }
    return withCursorCheck(() => listApprovals(ctx.chatbot.db, input))
  }),
})
