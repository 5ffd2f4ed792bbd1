import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withHandoff, type ChatbotDb } from './db.js'

/** Past this a replay fails the timestamp check anyway (5 minutes off), so its id need not be kept. */
const KEEP_MS = 10 * 60 * 1000

/** Records an inbound event's id; false when some instance recorded it before (a replay). */
export async function markSeen(db: ChatbotDb, id: string, now = new Date()): Promise<boolean> {
  const handoff = withHandoff(db)
  await handoff.deleteFrom('handoff_seen_events').where('seen_at', '<', toStoredTimestamp(new Date(now.getTime() - KEEP_MS))).execute()
  const row = await handoff.insertInto('handoff_seen_events').values({ id, seen_at: toStoredTimestamp(now) }).onConflict((conflict) => conflict.column('id').doNothing()).returning('id').executeTakeFirst()
  return row !== undefined
}

/** Forgets an id whose event failed, so the helpdesk's retry is handled rather than ignored. */
export async function forgetSeen(db: ChatbotDb, id: string): Promise<void> {
  await withHandoff(db).deleteFrom('handoff_seen_events').where('id', '=', id).execute()
}
