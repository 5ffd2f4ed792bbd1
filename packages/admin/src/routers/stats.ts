import { statsOverview, type StatsOverview } from '../queries/overview.js'
import { refusalTallyOf } from '../refusals/record-refusals.js'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, object, optionalDay, optionalString } from '../validate.js'

export interface StatsOverviewInput {
  /** First UTC day, `YYYY-MM-DD` (default: 29 days before `to`). */
  from?: string
  /** Last UTC day, `YYYY-MM-DD` (default: today). At most 366 days from `from`, both included. */
  to?: string
  channel?: string
}

/** The longest range, in days: a leap year. */
export const MAX_OVERVIEW_DAYS = 366

const DAY_MS = 86_400_000
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

function parseInput(raw: unknown) {
  const input = object(raw, ['from', 'to', 'channel'])
  const to = optionalDay(input.to, 'to') ?? dayOf(Date.now())
  const from = optionalDay(input.from, 'from') ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS)
  if (from > to) fail('from', 'must not be after to')
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > MAX_OVERVIEW_DAYS) fail('from', `must be at most ${MAX_OVERVIEW_DAYS} days before to, both included`)
  return { from, to, channel: optionalString(input.channel, 'channel', 100) }
}

export const statsRouter = router({
  /** Per-day activity, tokens per channel, refusals and feedback for the console's overview. */
  overview: adminProcedure.input(inputSchema<StatsOverviewInput | void, ReturnType<typeof parseInput>>(parseInput)).query(async ({ ctx, input }): Promise<StatsOverview> => {
    // This instance's refusals of the last second are written first; other instances' within a second.
    await refusalTallyOf(ctx.chatbot)?.flush()
    const feedback = ctx.chatbot.config.plugins.some((plugin) => plugin.name === 'feedback')
    return statsOverview(ctx.chatbot.db, input, { feedback })
  }),
})
