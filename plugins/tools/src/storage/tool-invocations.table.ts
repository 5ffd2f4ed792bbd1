import type { Generated, Insertable, Selectable } from 'kysely'

/** Row shape of `tool_invocations`. */
export interface ToolInvocationsTable {
  id: Generated<number>
  public_id: string
  conversation_id: number
  message_id: number | null
  /** The provider's id of the call, echoed in `tool_*` stream events. */
  call_id: string
  tool_name: string
  /** JSON text. */
  arguments: string
  result: string | null
  error: string | null
  started_at: string
  finished_at: string | null
  duration_ms: number | null
  /** 0 or 1: an integer rather than a boolean so the column is the same on SQLite and Postgres. */
  overran: Generated<number>
}

export type ToolInvocationRow = Selectable<ToolInvocationsTable>
export type NewToolInvocationRow = Insertable<ToolInvocationsTable>
