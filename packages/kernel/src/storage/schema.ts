import type { ConversationsTable } from './conversations/conversations.table.js'
import type { MessagesTable } from './messages/messages.table.js'

/** The database as Kysely sees it. */
export interface Schema {
  conversations: ConversationsTable
  messages: MessagesTable
}

/**
 * Every table of `Schema`: the ones `database.tablePrefix` and `database.schema` apply to. The
 * type makes this list complete, so a table added to `Schema` cannot escape the prefix.
 */
export const SCHEMA_TABLES = Object.keys({
  conversations: true,
  messages: true,
} satisfies Record<keyof Schema, true>) as (keyof Schema)[]
