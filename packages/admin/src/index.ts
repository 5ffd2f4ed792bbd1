export { adminPlugin, ADMIN_PATH } from './plugin.js'
export { adminOptions } from './options.js'
export { adminRouter, createAdminCaller, type AdminRouter } from './router.js'
export { adminEnabled } from './enabled.js'
export {
  listConversations,
  MAX_CONVERSATION_PAGE,
  type ConversationFilters,
  type ConversationListPage,
  type ConversationSummary,
  type ListConversationsOptions,
} from './queries/list-conversations.js'
export { dailyTokenUsage, type DailyUsageFilters, type DailyUsageRow } from './queries/daily-usage.js'
export type { AdminContext, AdminEvent } from './trpc.js'
export type { AdminApproval, AdminMessage, AdminToolInvocation, ConversationDetail, ConversationExport, ConversationListInput, ExportFormat, ReplyFeedback } from './routers/conversations.js'
export type { StatsOverviewInput } from './routers/stats.js'
export type { OverviewDay, OverviewTokens, OverviewTtftDay, StatsOverview } from './queries/overview.js'
export type { DailyRefusalRow } from './queries/daily-refusals.js'
export type { ApprovalListInput } from './routers/approvals.js'
export type { FeedbackListInput } from './routers/feedback.js'
export type { UsageDailyInput, UsageDailyResult, UsageDay } from './routers/usage.js'
export type { AdminChannel } from './routers/channels.js'
export type { AdminHealth } from './routers/health.js'
