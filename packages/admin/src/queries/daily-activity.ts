import type { Kysely } from 'kysely'
import type { Schema } from '@chatbot-kit/kernel'
import { withAdminTables } from '../storage/admin-tables.js'

/** A UTC day range, both ends included (`YYYY-MM-DD`), and optionally one channel. */
export interface DayRange {
  from: string
  to: string
  channel?: string
}

/** What was stored on one UTC day in one channel. */
export interface DailyActivityRow {
  day: string
  channel: string
  /** Conversations whose first message was stored that day. */
  conversations: number
  userMessages: number
  assistantMessages: number
  inputTokens: number
  outputTokens: number
}

/**
 * Days and channels with activity, oldest first then by channel, from the rollup the admin
 * plugin's trigger keeps (one row per day and channel: a 90-day range reads ~90 rows a channel).
 */
export async function dailyActivity(db: Kysely<Schema>, range: DayRange): Promise<DailyActivityRow[]> {
  let query = withAdminTables(db)
    .selectFrom('admin_daily_activity')
    .select(['day', 'channel', 'conversations', 'user_messages', 'assistant_messages', 'input_tokens', 'output_tokens'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
  if (range.channel !== undefined) query = query.where('channel', '=', range.channel)
  const rows = await query.orderBy('day').orderBy('channel').execute()
  // Postgres returns bigint as text.
  return rows.map((row) => ({
    day: row.day,
    channel: row.channel,
    conversations: Number(row.conversations),
    userMessages: Number(row.user_messages),
    assistantMessages: Number(row.assistant_messages),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
  }))
}
