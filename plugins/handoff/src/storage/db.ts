import type { PluginStorage } from '@chatbot-kit/kernel'
import type { HandoffTables } from './handoff.tables.js'

/** The chatbot's database (`api.storage.db`), whose `Schema` has only the kernel's tables. */
export type ChatbotDb = PluginStorage['db']

/** The plugin's tables, as `tables` declares them to the kernel (prefix and schema apply). */
export const HANDOFF_TABLES = ['handoffs', 'handoff_changes', 'handoff_messages', 'handoff_seen_events']

/** The same database typed with the handoff tables. */
export const withHandoff = (db: ChatbotDb) => db.withTables<HandoffTables>()
export type HandoffDb = ReturnType<typeof withHandoff>
