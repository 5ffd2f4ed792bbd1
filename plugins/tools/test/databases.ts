import { sql } from 'kysely'
import { createDatabase, migrationsOf, type ChatbotDatabase } from '@chatbot-kit/kernel'
import type { CreatedDatabase } from '@chatbot-kit/test-utils'
import { toolsPlugin } from '../src/index.js'

/** The kernel's migrations and this plugin's, as a chatbot with the tools plugin applies them. */
export const MIGRATIONS = migrationsOf({ plugins: [toolsPlugin()] })

/** The database as a chatbot with this plugin opens it: the layout puts its table beside the kernel's. */
export const openDatabase = (created: CreatedDatabase): Promise<ChatbotDatabase> => createDatabase(created.database, { tables: toolsPlugin().tables })

/**
 * What 1.0's migration creates, as its databases have it: existing databases keep working only
 * while the default layout creates exactly these. SQLite: tables and named indexes; Postgres:
 * every relation and constraint, the names Postgres derives from a table's name included.
 */
export const V1_NAMES = {
  sqlite: [
    ...['conversations', 'messages', 'tool_invocations', 'kysely_migration', 'kysely_migration_lock'],
    ...['conversations_activity', 'conversations_channel_activity', 'conversations_guest_channel_activity', 'conversations_rolled_from'],
    ...['conversations_user_channel_activity', 'messages_conversation_id', 'tool_invocations_conversation_id', 'tool_invocations_message_id'],
  ],
  postgres: [
    ...['conversations', 'messages', 'tool_invocations', 'kysely_migration', 'kysely_migration_lock'],
    ...['conversations_activity', 'conversations_channel_activity', 'conversations_guest_channel_activity', 'conversations_rolled_from'],
    ...['conversations_user_channel_activity', 'messages_conversation_id', 'tool_invocations_conversation_id', 'tool_invocations_message_id'],
    ...['conversations_id_seq', 'messages_id_seq', 'tool_invocations_id_seq'],
    // Primary and unique keys are an index and a constraint of the same name.
    ...['conversations_pkey', 'messages_pkey', 'tool_invocations_pkey', 'kysely_migration_pkey', 'kysely_migration_lock_pkey'].flatMap((name) => [name, name]),
    ...['conversations_public_id_key', 'messages_public_id_key', 'tool_invocations_public_id_key'].flatMap((name) => [name, name]),
    ...['conversations_one_owner', 'messages_role', 'messages_status', 'tool_invocations_overran'],
    ...['conversations_rolled_from_fkey', 'messages_conversation_id_fkey', 'tool_invocations_conversation_id_fkey', 'tool_invocations_message_id_fkey'],
  ],
}

/** What 1.1's `tools/2026-11-24-01-create-tool-approvals` adds. */
export const APPROVAL_NAMES = {
  sqlite: ['tool_approvals', 'tool_approvals_conversation_requested', 'tool_approvals_requested_at'],
  postgres: [
    ...['tool_approvals', 'tool_approvals_conversation_requested', 'tool_approvals_requested_at', 'tool_approvals_id_seq', 'tool_approvals_conversation_id_fkey'],
    ...['tool_approvals_pkey', 'tool_approvals_public_id_key'].flatMap((name) => [name, name]),
  ],
}

/** Names in the database (SQLite) or in `schema` (Postgres; default the current one), SQLite's own left out. */
export async function namesCreated(database: Pick<ChatbotDatabase, 'db' | 'dialect'>, schema: string | undefined): Promise<string[]> {
  const query =
    database.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where substr(name, 1, 7) <> 'sqlite_'`
      : sql<{ name: string }>`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = coalesce(${schema ?? null}, current_schema())
          union all
          select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = coalesce(${schema ?? null}, current_schema())`
  const { rows } = await query.execute(database.db)
  return rows.map((row) => row.name).sort()
}
