export { toolsPlugin } from './plugin.js'
export { toolsOptions, type McpServerConfig, type ToolApprovalPolicy } from './options.js'
export { ChatbotApprovalDecidedException, ChatbotApprovalExpiredException, ChatbotApprovalNotFoundException } from './approvals/errors.js'
export { unknownToolWarnings } from './registry.js'
export { isFresh } from './freshness.js'
export { defineTool, type ChatbotTool, type PersistableTool, type ToolInvocation, type ToolContext, type StandardSchemaLike, type ToolArguments, type ToolParameters, type ApprovalCheck } from './types.js'
export { insertToolInvocation, listToolInvocations, type NewToolInvocation } from './storage/tool-invocations.repository.js'
export type { StoredToolInvocation } from './storage/stored-tool-invocation.js'
export type { ToolInvocationsTable, ToolInvocationRow, NewToolInvocationRow } from './storage/tool-invocations.table.js'
export { insertApproval, findApproval, decideApproval, pendingApproval, type NewToolApproval, type ToolApprovalVerdict } from './storage/tool-approvals.repository.js'
export {
  listApprovals,
  MAX_APPROVAL_PAGE,
  type ListToolApprovalsOptions,
  type ToolApprovalFilters,
  type ToolApprovalListPage,
  type ToolApprovalSummary,
} from './storage/list-tool-approvals.js'
export type { StoredToolApproval, ToolApprovalCall, ToolApprovalDecider, ToolApprovalDecision } from './storage/stored-tool-approval.js'
export type { ToolApprovalsTable, ToolApprovalRow, NewToolApprovalRow } from './storage/tool-approvals.table.js'
export type { AdminApproval, AdminToolInvocation, ApprovalListInput } from './admin/types.js'
