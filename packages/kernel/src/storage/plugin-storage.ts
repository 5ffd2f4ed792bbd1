import type { Kysely } from 'kysely'
import { conversationChannels, deleteConversation, findConversationByPublicId } from './conversations/conversations.repository.js'
import { pruneConversations } from './conversations/prune-conversations.js'
import { listMessages } from './messages/messages.repository.js'
import type { Schema } from './schema.js'

type Bound<F> = F extends (db: Kysely<Schema>, ...args: infer A) => infer R ? (...args: A) => R : never
const bind = <F extends (db: Kysely<Schema>, ...args: never[]) => unknown>(fn: F, db: Kysely<Schema>) => ((...args: never[]) => fn(db, ...args)) as Bound<F>

/**
 * What plugins read and change of the kernel's tables, as repository functions; a plugin's own
 * tables (its `tables` and `migrations`) it queries through `db`.
 */
export interface PluginStorage {
  readonly db: Kysely<Schema>
  findConversation: Bound<typeof findConversationByPublicId>
  deleteConversation: Bound<typeof deleteConversation>
  pruneConversations: Bound<typeof pruneConversations>
  /** The channels that have stored conversations. */
  conversationChannels: Bound<typeof conversationChannels>
  listMessages: Bound<typeof listMessages>
}

export function createPluginStorage(db: Kysely<Schema>): PluginStorage {
  return {
    db,
    findConversation: bind(findConversationByPublicId, db),
    deleteConversation: bind(deleteConversation, db),
    pruneConversations: bind(pruneConversations, db),
    conversationChannels: bind(conversationChannels, db),
    listMessages: bind(listMessages, db),
  }
}
