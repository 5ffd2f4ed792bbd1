import type { ConversationsTable } from './conversations/conversations.table.js'
import type { MessagesTable } from './messages/messages.table.js'
import type { ToolInvocationsTable } from './tool-invocations/tool-invocations.table.js'

/** The database as Kysely sees it. */
export interface Schema {
  conversations: ConversationsTable
  messages: MessagesTable
  tool_invocations: ToolInvocationsTable
}
