export { createDatabase, type ChatbotDatabase } from '../stores/index.js'
export type { DatabaseTarget, DatabaseDialect } from '@chatbot-kit/stores'
export { migrate, pendingMigrations, migrationsOf } from './migrations/migrate.js'
export { createPluginStorage, type PluginStorage } from './plugin-storage.js'
export type { Schema } from './schema.js'

export type { ConversationsTable, ConversationRow, NewConversationRow } from './conversations/conversations.table.js'
export type { Conversation, ConversationOwner } from './conversations/conversation.js'
export {
  createConversation,
  findConversationByPublicId,
  touchConversation,
  deleteConversation,
  conversationChannels,
  type NewConversation,
} from './conversations/conversations.repository.js'
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
