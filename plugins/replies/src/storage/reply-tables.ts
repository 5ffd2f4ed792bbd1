import type { PluginStorage } from '@chatbot-kit/kernel'
import type { RepliesInProgressTable } from './replies-in-progress.table.js'
import type { RepliesInstancesTable } from './replies-instances.table.js'

/** The chatbot's database (`api.storage.db`), which the kernel's `Schema` types without this plugin's tables. */
export type ChatbotDb = PluginStorage['db']

/** The plugin's tables, as `tables` declares them to the kernel (prefix and schema apply). */
export const REPLY_TABLES = ['replies_in_progress', 'replies_instances']

/** The same database typed with the plugin's tables. */
export const withReplyTables = (db: ChatbotDb) => db.withTables<{ replies_in_progress: RepliesInProgressTable; replies_instances: RepliesInstancesTable }>()
