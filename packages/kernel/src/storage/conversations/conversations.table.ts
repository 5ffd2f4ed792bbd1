import type { Generated, Insertable, Selectable } from 'kysely'

/** Row shape of `conversations`. Timestamps are ISO-8601 UTC text (`…Z`), which sorts as time does. */
export interface ConversationsTable {
  /** Internal; never leaves the server (the public id is `public_id`). */
  id: Generated<number>
  public_id: string
  channel: string
  /** Exactly one of `user_id` and `guest_id` is set (a check constraint enforces it). */
  user_id: string | null
  guest_id: string | null
  route_name: string
  started_at: string
  last_activity_at: string
  /** The conversation this one replaced after `conversationTtl`. */
  rolled_from: number | null
}

export type ConversationRow = Selectable<ConversationsTable>
export type NewConversationRow = Insertable<ConversationsTable>
