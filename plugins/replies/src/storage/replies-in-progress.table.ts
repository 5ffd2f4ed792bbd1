import type { Selectable } from 'kysely'

/**
 * Row shape of `replies_in_progress`: one draft per reply still streaming, so its text so far
 * survives the instance (kill -9) and every instance can list it. Deleted once the reply is stored.
 */
export interface RepliesInProgressTable {
  /** The reply's public id: the stored message's `public_id` once it ends. */
  reply_id: string
  /** The instance running the reply: the draft is alive while that instance's heartbeat is. */
  instance_id: string
  conversation_id: number
  route_name: string
  context_hash: string | null
  /** The text streamed so far, as of `updated_at` (it lags the reply under load). */
  content: string
  started_at: string
  updated_at: string
}

export type DraftRow = Selectable<RepliesInProgressTable>
