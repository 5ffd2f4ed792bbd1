import type { Kysely } from 'kysely'
import type { Schema } from '@chatbot-kit/kernel'
import type { OverviewSeries } from '../contributions/contribution.js'
import { dailyActivity, type DailyActivityRow, type DayRange } from './daily-activity.js'
import { dailyRefusals, type DailyRefusalRow } from './daily-refusals.js'

/**
 * One UTC day of the overview, every channel's (or the chosen channel's) sums. Plugins add
 * fields by augmenting it (the feedback plugin's `feedbackUp`, `feedbackDown`), after these.
 */
export interface OverviewDay {
  day: string
  /** Conversations whose first message was stored that day. */
  conversations: number
  /** `userMessages + assistantMessages`. */
  messages: number
  userMessages: number
  assistantMessages: number
}

/** Provider usage of the replies stored on one day in one channel. */
export interface OverviewTokens {
  day: string
  channel: string
  inputTokens: number
  outputTokens: number
}

/** Time to first token; not recorded yet, so `ttft` is `null`. */
export interface OverviewTtftDay {
  day: string
  p50Ms: number
  p95Ms: number
}

export interface StatsOverview {
  from: string
  to: string
  channel: string | null
  /** Every day of the range, oldest first, zeros where nothing happened. */
  days: OverviewDay[]
  /** Days and channels with stored messages, oldest first then by channel. */
  tokens: OverviewTokens[]
  /** Days and codes with refusals, oldest first then by code. */
  refusals: DailyRefusalRow[]
  ttft: OverviewTtftDay[] | null
}

const DAY_MS = 86_400_000

/** The counts of a day of the overview where nothing happened (the plugins' fields come after). */
export const EMPTY_DAY = { conversations: 0, messages: 0, userMessages: 0, assistantMessages: 0 }

/** `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = []
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10))
  return days
}

/**
 * The console's overview over `range`: small reads (the activity rollup, the refusal counts, each
 * plugin's series, such as the feedback plugin's ratings per day), merged per day.
 */
export async function statsOverview(db: Kysely<Schema>, range: DayRange, series: readonly OverviewSeries[] = []): Promise<StatsOverview> {
  const [activity, refusals, ...seriesDays] = await Promise.all([dailyActivity(db, range), dailyRefusals(db, range), ...series.map((one) => one.days(db, range))])
  const empty: Partial<OverviewDay> = Object.assign({}, ...series.map((one) => one.empty))
  // Typed as the plugins' augmentations say, which their `empty` fills.
  const byDay = new Map(eachDay(range.from, range.to).map((day): [string, OverviewDay] => [day, { day, ...EMPTY_DAY, ...empty } as OverviewDay]))
  for (const row of activity) add(byDay.get(row.day), row)
  for (const row of seriesDays.flat()) {
    const day = byDay.get(row.day)
    if (day) Object.assign(day, row)
  }
  return {
    from: range.from,
    to: range.to,
    channel: range.channel ?? null,
    days: [...byDay.values()],
    tokens: activity.map(({ day, channel, inputTokens, outputTokens }) => ({ day, channel, inputTokens, outputTokens })),
    refusals,
    ttft: null,
  }
}

function add(day: OverviewDay | undefined, row: DailyActivityRow): void {
  if (!day) return
  day.conversations += row.conversations
  day.userMessages += row.userMessages
  day.assistantMessages += row.assistantMessages
  day.messages += row.userMessages + row.assistantMessages
}
