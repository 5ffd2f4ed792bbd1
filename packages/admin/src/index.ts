export { adminPlugin, ADMIN_PATH } from './plugin.js'
export { adminOptions } from './options.js'
export { adminRouter, adminRouterOf, type AdminRouter } from './router.js'
export { createAdminCaller, type AdminCaller } from './caller.js'
export { adminEnabled } from './enabled.js'
export {
  defineAdminContribution,
  type AdminContribution,
  type AdminProcedures,
  type ConversationCondition,
  type ConversationFilter,
  type OverviewSeries,
  type TranscriptAdditions,
  type TranscriptContribution,
  type TranscriptMarkdown,
} from './contributions/contribution.js'
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
export type { ListPageInput } from './validate.js'
export type { AdminMessage, ConversationDetail, ConversationExport, ConversationListInput, ExportFormat } from './routers/conversations.js'
export type { StatsOverviewInput } from './routers/stats.js'
export type { OverviewDay, OverviewTokens, OverviewTtftDay, StatsOverview } from './queries/overview.js'
export type { DayRange } from './queries/daily-activity.js'
export type { DailyRefusalRow } from './queries/daily-refusals.js'
export type { AdminCapabilities } from './routers/capabilities.js'
export type { AdminChannel } from './routers/channels.js'
export type { AdminHealth } from './routers/health.js'
