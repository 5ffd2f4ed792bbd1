import { sql } from '@chatbot-kit/kernel/plugin'
import { withFeedback, type ChatbotDb } from './feedback-tables.js'

export interface FeedbackByDayRange {
  /** First UTC day included, `YYYY-MM-DD`. */
  from: string
  /** Last UTC day included, `YYYY-MM-DD`. */
  to: string
  channel?: string
}

/** The ratings first given on one UTC day, counted by their current value. */
export interface FeedbackDay {
  day: string
  up: number
  down: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Midnight UTC of a `YYYY-MM-DD` day, `days` later, as stored timestamps are written. */
function startOf(day: string, field: string, days = 0): string {
  const time = Date.parse(`${day}T00:00:00.000Z`)
  if (!DAY.test(day) || Number.isNaN(time)) throw new RangeError(`${field} must be a day, YYYY-MM-DD, got ${JSON.stringify(day)}`)
  return new Date(time + days * 86_400_000).toISOString()
}

/**
 * Thumbs up and down per UTC day over `from`..`to` (both included), oldest day first, only days
 * with feedback; each rated reply counts once, on the day it was first rated. Reads only the
 * `(created_at, channel, rating)` index. A `RangeError` for a malformed day or `from` after `to`.
 */
export async function feedbackByDay(db: ChatbotDb, range: FeedbackByDayRange): Promise<FeedbackDay[]> {
  const start = startOf(range.from, 'from')
  const end = startOf(range.to, 'to', 1)
  if (start >= end) throw new RangeError('from must not be after to')
  // Stored timestamps are ISO text, so the day is their first ten characters on both dialects.
  const day = sql<string>`substr(${sql.ref('created_at')}, 1, 10)`
  const rows = await withFeedback(db)
    .selectFrom('message_feedback')
    .select([
      day.as('day'),
      sql<number | string>`sum(case when ${sql.ref('rating')} = 'up' then 1 else 0 end)`.as('up'),
      sql<number | string>`sum(case when ${sql.ref('rating')} = 'down' then 1 else 0 end)`.as('down'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .$if(range.channel !== undefined, (query) => query.where('channel', '=', range.channel!))
    .groupBy(day)
    .execute()
  // Sorted here, a row per day: in SQL, Postgres would sort every rating before grouping (a spill to disk at 100,000).
  return rows.map((row) => ({ day: row.day, up: Number(row.up), down: Number(row.down) })).sort((a, b) => (a.day < b.day ? -1 : 1))
}
