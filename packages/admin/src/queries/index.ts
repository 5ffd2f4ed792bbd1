export { listConversations, MAX_CONVERSATION_PAGE, type ConversationFilters, type ConversationListPage, type ConversationSummary, type ListConversationsOptions } from './list-conversations.js'
export { dailyTokenUsage, type DailyUsageFilters, type DailyUsageRow } from './daily-usage.js'
