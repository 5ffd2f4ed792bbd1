import { fromStoredTimestamp } from '../timestamps.js'
import type { ConversationRow } from './conversations.table.js'

/** Who a conversation belongs to: a signed-in user of the host, or a guest (cookie token). */
export type ConversationOwner = { userId: string; guestId?: never } | { guestId: string; userId?: never }

export interface Conversation {
  /** Internal id, for joins and foreign keys; never sent to a client. */
  id: number
  /** The UUID clients know the conversation by. */
  publicId: string
  channel: string
  userId: string | null
  guestId: string | null
  routeName: string
  /** ISO 8601 with offset, e.g. `2026-11-22T05:13:00.000+00:00`. */
  startedAt: string
  lastActivityAt: string
  /** Internal id of the conversation this one replaced after `conversationTtl`. */
  rolledFrom: number | null
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    publicId: row.public_id,
    channel: row.channel,
    userId: row.user_id,
    guestId: row.guest_id,
    routeName: row.route_name,
    startedAt: fromStoredTimestamp(row.started_at),
    lastActivityAt: fromStoredTimestamp(row.last_activity_at),
    rolledFrom: row.rolled_from,
  }
}
