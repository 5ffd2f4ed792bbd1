import { randomUUID } from 'node:crypto'
import { type PluginStorage } from '@chatbot-kit/kernel'
import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { toStoredToolInvocation, type StoredToolInvocation } from './stored-tool-invocation.js'
import type { ToolInvocationRow, ToolInvocationsTable } from './tool-invocations.table.js'

export interface NewToolInvocation {
  conversationId: number
  messageId?: number | null
  callId: string
  toolName: string
  /** Any JSON-serialisable value; stored as JSON text. */
  arguments: unknown
  result?: string | null
  error?: string | null
  startedAt: Date
  finishedAt?: Date | null
  durationMs?: number | null
  overran?: boolean
}

/** The chatbot's database (`chatbot.db`, `api.storage.db`), which the kernel's `Schema` types without this plugin's table. */
type ChatbotDb = PluginStorage['db']

/** The same database, typed with `tool_invocations`; the table layout (prefix, schema) applies to it as to the kernel's tables. */
const withToolInvocations = (db: ChatbotDb) => db.withTables<{ tool_invocations: ToolInvocationsTable }>()

export async function insertToolInvocation(db: ChatbotDb, input: NewToolInvocation): Promise<StoredToolInvocation> {
  const row: Omit<ToolInvocationRow, 'id'> = {
    public_id: randomUUID(),
    conversation_id: input.conversationId,
    message_id: input.messageId ?? null,
    call_id: input.callId,
    tool_name: input.toolName,
    // `?? null`: JSON.stringify(undefined) is undefined, which the NOT NULL column would refuse.
    arguments: JSON.stringify(input.arguments ?? null),
    result: input.result ?? null,
    error: input.error ?? null,
    started_at: toStoredTimestamp(input.startedAt),
    finished_at: input.finishedAt ? toStoredTimestamp(input.finishedAt) : null,
    duration_ms: input.durationMs ?? null,
    overran: input.overran ? 1 : 0,
  }
  const { id } = await withToolInvocations(db).insertInto('tool_invocations').values(row).returning('id').executeTakeFirstOrThrow()
  return toStoredToolInvocation({ id, ...row })
}

/** A conversation's tool invocations, in the order they were recorded. */
export async function listToolInvocations(db: ChatbotDb, conversationId: number): Promise<StoredToolInvocation[]> {
  const rows = await withToolInvocations(db)
    .selectFrom('tool_invocations')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'asc')
    .execute()
  return rows.map(toStoredToolInvocation)
}
