export { createDatabase, type ChatbotDatabase, type DatabaseTarget } from './database/create-database.js'
export type { DatabaseDialect } from './database/dialect-of.js'
export { migrate, pendingMigrations } from './migrations/migrate.js'
export type { Schema } from './schema.js'

export type { ConversationsTable, ConversationRow, NewConversationRow } from './conversations/conversations.table.js'
export type { Conversation, ConversationOwner } from './conversations/conversation.js'
export {
  createConversation,
  findConversationByPublicId,
  touchConversation,
  deleteConversation,
  type NewConversation,
} from './conversations/conversations.repository.js'
export {
  listConversations,
  decodeCursor,
  MAX_CONVERSATION_PAGE,
  type ConversationFilters,
  type ConversationListPage,
  type ConversationSummary,
  type ListConversationsOptions,
} from './conversations/list-conversations.js'
export { dailyTokenUsage, type DailyUsageFilters, type DailyUsageRow } from './messages/daily-usage.js'
export { pruneConversations, type PruneConversationsOptions, type PruneCounts } from './conversations/prune-conversations.js'

export type { MessagesTable, MessageRow, NewMessageRow, MessageRole, MessageStatus } from './messages/messages.table.js'
export type { StoredMessage } from './messages/stored-message.js'
export {
  insertMessage,
  listMessages,
  countMessages,
  type NewMessage,
  type ListMessagesOptions,
} from './messages/messages.repository.js'

export type {
  ToolInvocationsTable,
  ToolInvocationRow,
  NewToolInvocationRow,
} from './tool-invocations/tool-invocations.table.js'
export type { StoredToolInvocation } from './tool-invocations/stored-tool-invocation.js'
export {
  insertToolInvocation,
  listToolInvocations,
  type NewToolInvocation,
} from './tool-invocations/tool-invocations.repository.js'
