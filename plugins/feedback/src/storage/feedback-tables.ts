import type { PluginStorage } from '@chatbot-kit/kernel'
import type { MessageFeedbackTable } from './message-feedback.table.js'

/** The chatbot's database (`api.storage.db`), whose `Schema` has only the kernel's tables. */
export type ChatbotDb = PluginStorage['db']

/** The plugin's tables, as `tables` declares them to the kernel (prefix and schema apply). */
export const FEEDBACK_TABLES = ['message_feedback']

/** The same database typed with `message_feedback`. */
export const withFeedback = (db: ChatbotDb) => db.withTables<{ message_feedback: MessageFeedbackTable }>()
