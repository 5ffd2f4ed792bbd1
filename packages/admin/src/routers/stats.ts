import type { OverviewSeries } from '../contributions/contribution.js'
import { statsOverview, type StatsOverview } from '../queries/overview.js'
import { refusalTallyOf } from '../refusals/record-refusals.js'
import { adminProcedure, router } from '../trpc.js'
import { dayRange, inputSchema, object, optionalString } from '../validate.js'

export interface StatsOverviewInput {
  /** First UTC day, `YYYY-MM-DD` (default: 29 days before `to`). */
  from?: string
  /** Last UTC day, `YYYY-MM-DD` (default: today). At most 366 days from `from`, both included. */
  to?: string
  channel?: string
}

/** The longest range, in days: a leap year. */
export const MAX_OVERVIEW_DAYS = 366

function parseInput(raw: unknown) {
  const input = object(raw, ['from', 'to', 'channel'])
  return { ...dayRange(input, MAX_OVERVIEW_DAYS), channel: optionalString(input.channel, 'channel', 100) }
}

/** `stats.*` with the plugins' series of the overview. */
export const createStatsRouter = (series: readonly OverviewSeries[]) =>
  router({
    /** Per-day activity, tokens per channel, refusals and the plugins' series (feedback) for the console's overview. */
    overview: adminProcedure.input(inputSchema<StatsOverviewInput | void, ReturnType<typeof parseInput>>(parseInput)).query(async ({ ctx, input }): Promise<StatsOverview> => {
      // This instance's refusals of the last second are written first; other instances' within a second.
      await refusalTallyOf(ctx.chatbot)?.flush()
      return statsOverview(ctx.chatbot.db, input, series)
    }),
  })
