import type { Migration } from 'kysely'
import * as createChatTables from './2026-11-22-01-create-chat-tables.js'
import * as addMessageSources from './2026-11-29-01-add-message-sources.js'

/**
 * Every migration, by name. Listed in code rather than read from a folder so it works from
 * `dist/` and in bundles. Names are date-prefixed: Kysely applies them in name order.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '2026-11-22-01-create-chat-tables': createChatTables,
  '2026-11-29-01-add-message-sources': addMessageSources,
}
