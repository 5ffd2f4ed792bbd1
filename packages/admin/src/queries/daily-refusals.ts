import type { Kysely } from 'kysely'
import type { Schema } from '@chatbot-kit/kernel'
import { withAdminTables } from '../storage/admin-tables.js'
import type { DayRange } from './daily-activity.js'

/** Requests refused with one error code on one UTC day. */
export interface DailyRefusalRow {
  day: string
  code: string
  count: number
}

/**
 * Refusals per day and code (every channel's, or one channel's: refusals whose channel was not
 * known, an invalid envelope's, count only without the filter), oldest first then by code.
 */
export async function dailyRefusals(db: Kysely<Schema>, range: DayRange): Promise<DailyRefusalRow[]> {
  let query = withAdminTables(db)
    .selectFrom('admin_refusals')
    .select((eb) => ['day', 'code', eb.fn.sum<number | string>('count').as('count')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
  if (range.channel !== undefined) query = query.where('channel', '=', range.channel)
  const rows = await query.groupBy(['day', 'code']).orderBy('day').orderBy('code').execute()
  return rows.map((row) => ({ day: row.day, code: row.code, count: Number(row.count) }))
}
