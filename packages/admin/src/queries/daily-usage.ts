import type { Kysely } from 'kysely'
import { type Schema } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'

export interface DailyUsageFilters {
  /** First UTC day included, `YYYY-MM-DD`. */
  from?: string
  /** Last UTC day included, `YYYY-MM-DD`. */
  to?: string
  channel?: string
  userId?: string
  guestId?: string
}

/** Tokens one identity used on one UTC day, from the provider usage stored on replies. */
export interface DailyUsageRow {
  day: string
  userId: string | null
  guestId: string | null
  inputTokens: number
  outputTokens: number
  messages: number
}

/** Token use per identity per UTC day; newest day first, then users before guests, by id. */
export async function dailyTokenUsage(db: Kysely<Schema>, filters: DailyUsageFilters = {}): Promise<DailyUsageRow[]> {
  // Stored timestamps are ISO text (`2026-11-22T…Z`), so the day is their first ten characters on both dialects.
  const day = sql<string>`substr(${sql.ref('m.created_at')}, 1, 10)`
  const { from, to, channel, userId, guestId } = filters
  let query = db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select([day.as('day'), 'c.user_id', 'c.guest_id'])
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('m.input_tokens'), sql<number>`0`).as('input_tokens'),
      eb.fn.coalesce(eb.fn.sum<number | string>('m.output_tokens'), sql<number>`0`).as('output_tokens'),
      eb.fn.countAll<number | string>().as('messages'),
    ])
  if (from !== undefined) query = query.where('m.created_at', '>=', from)
  // The whole of the last day: every timestamp of that day sorts before the next character after it.
  if (to !== undefined) query = query.where('m.created_at', '<', `${to}\uffff`)
  if (channel !== undefined) query = query.where('c.channel', '=', channel)
  if (userId !== undefined) query = query.where('c.user_id', '=', userId)
  if (guestId !== undefined) query = query.where('c.guest_id', '=', guestId)
  const rows = await query.groupBy([day, 'c.user_id', 'c.guest_id']).execute()
  // Sorted here: the dialects disagree on where nulls go.
  const key = (row: { day: string; user_id: string | null; guest_id: string | null }) => `${row.user_id === null ? '1' : '0'}:${row.user_id ?? row.guest_id}`
  rows.sort((a, b) => (a.day === b.day ? (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) : a.day < b.day ? 1 : -1))
  return rows.map((row) => ({
    day: row.day,
    userId: row.user_id,
    guestId: row.guest_id,
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    messages: Number(row.messages),
  }))
}
