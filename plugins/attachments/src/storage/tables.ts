import type { PluginStorage } from '@chatbot-kit/kernel'
import type { AttachmentsTable } from './attachments.table.js'

/** The chatbot's database (`api.storage.db`), whose `Schema` has only the kernel's tables. */
export type ChatbotDb = PluginStorage['db']

/** The plugin's tables, as `tables` declares them to the kernel (prefix and schema apply). */
export const ATTACHMENT_TABLES = ['attachments']

/** The same database typed with `attachments`. */
export const withAttachments = (db: ChatbotDb) => db.withTables<{ attachments: AttachmentsTable }>()
