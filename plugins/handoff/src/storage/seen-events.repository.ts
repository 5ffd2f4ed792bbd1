import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withHandoff, type ChatbotDb } from './db.js'

/** Past this a replay fails the timestamp check anyway (5 minutes off), so its id need not be kept. */
const KEEP_MS = 10 * 60 * 1000

/**
 * An event id is its sender's: two channels' helpdesks may both send `evt_1`. Kept per channel
 * (the event's conversation's), as one unambiguous string, so the table needs no second column.
 */
const seenKey = (channel: string, id: string): string => JSON.stringify([channel, id])

/** Records an inbound event's id for `channel`; false when some instance recorded it before (a replay). */
export async function markSeen(db: ChatbotDb, channel: string, eventId: string, now = new Date()): Promise<boolean> {
  const handoff = withHandoff(db)
  const id = seenKey(channel, eventId)
  await handoff.deleteFrom('handoff_seen_events').where('seen_at', '<', toStoredTimestamp(new Date(now.getTime() - KEEP_MS))).execute()
  const row = await handoff.insertInto('handoff_seen_events').values({ id, seen_at: toStoredTimestamp(now) }).onConflict((conflict) => conflict.column('id').doNothing()).returning('id').executeTakeFirst()
  return row !== undefined
}

/** Forgets an id whose event failed, so the helpdesk's retry is handled rather than ignored. */
export async function forgetSeen(db: ChatbotDb, channel: string, eventId: string): Promise<void> {
  await withHandoff(db).deleteFrom('handoff_seen_events').where('id', '=', seenKey(channel, eventId)).execute()
}
