import { sql } from '@chatbot-kit/kernel/plugin'
import { withKnowledge, type ChatbotDb } from './tables.js'

/** A UTC day range, both ends included (`YYYY-MM-DD`, checked by `stats.overview`), and optionally one channel. */
export interface GapDayRange {
  from: string
  to: string
  channel?: string
}

const DAY_MS = 86_400_000

/**
 * Gaps recorded per UTC day over the range, only days with some: the overview's `gaps` series.
 * Reads the `(created_at, channel)` index; stored timestamps are ISO text, so the day is their
 * first ten characters on both dialects.
 */
export async function gapsByDay(db: ChatbotDb, range: GapDayRange): Promise<{ day: string; gaps: number }[]> {
  const day = sql<string>`substr(${sql.ref('created_at')}, 1, 10)`
  const rows = await withKnowledge(db)
    .selectFrom('knowledge_gaps')
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('gaps')])
    .where('created_at', '>=', `${range.from}T00:00:00.000Z`)
    .where('created_at', '<', new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString())
    .$if(range.channel !== undefined, (query) => query.where('channel', '=', range.channel!))
    .groupBy(day)
    .execute()
  // Postgres counts as text.
  return rows.map((row) => ({ day: row.day, gaps: Number(row.gaps) }))
}
