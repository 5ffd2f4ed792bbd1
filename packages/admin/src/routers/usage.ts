import type { QuotaStatus } from '@chatbot-kit/plugin-quota'
import { dailyTokenUsage, type DailyUsageRow } from '../queries/daily-usage.js'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, object, optionalDay, optionalString } from '../validate.js'

export interface UsageDailyInput {
  /** First UTC day, `YYYY-MM-DD` (default: 29 days before `to`). */
  from?: string
  /** Last UTC day, `YYYY-MM-DD` (default: today). */
  to?: string
  channel?: string
  userId?: string
  guestId?: string
}

/** A stored day row, with whether it reached a daily limit (`dailyQuota`). */
export interface UsageDay extends DailyUsageRow {
  overInput: boolean
  overOutput: boolean
}

export interface UsageDailyResult {
  from: string
  to: string
  /** `dailyQuota` per identity and UTC day. */
  limits: { input: number; output: number }
  days: UsageDay[]
  /** Today's live quota counters of the identity (userId or guestId filter), when the quota plugin runs. */
  today: QuotaStatus | null
}

const DAY_MS = 86_400_000
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

function parseInput(raw: unknown) {
  const input = object(raw, ['from', 'to', 'channel', 'userId', 'guestId'])
  const to = optionalDay(input.to, 'to') ?? dayOf(Date.now())
  const from = optionalDay(input.from, 'from') ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS)
  if (from > to) fail('from', 'must not be after to')
  const userId = optionalString(input.userId, 'userId')
  const guestId = optionalString(input.guestId, 'guestId')
  if (userId && guestId) fail('userId', 'and guestId cannot both be set')
  return { from, to, channel: optionalString(input.channel, 'channel', 100), userId, guestId }
}

export const usageRouter = router({
  /** Tokens per identity per UTC day, from the provider usage stored on replies, against `dailyQuota`. */
  daily: adminProcedure.input(inputSchema<UsageDailyInput | void, ReturnType<typeof parseInput>>(parseInput)).query(async ({ ctx, input }): Promise<UsageDailyResult> => {
    const limits = { input: ctx.chatbot.config.dailyQuota.input, output: ctx.chatbot.config.dailyQuota.output }
    const rows = await dailyTokenUsage(ctx.chatbot.db, input)
    const identity = input.userId ? { userId: input.userId } : input.guestId ? { guestId: input.guestId } : undefined
    return {
      from: input.from,
      to: input.to,
      limits,
      days: rows.map((row) => ({ ...row, overInput: row.inputTokens >= limits.input, overOutput: row.outputTokens >= limits.output })),
      today: identity ? await ctx.chatbot.quota(identity).catch(() => null) : null,
    }
  }),
})
