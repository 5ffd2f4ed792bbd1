import { dailyTokenUsage } from '@chatbot-kit/admin/queries'
import { adminProcedure, dayRange, fail, inputSchema, object, optionalString, router } from '@chatbot-kit/admin/procedures'
import type { UsageDailyInput, UsageDailyResult } from './types.js'

function parseInput(raw: unknown) {
  const input = object(raw, ['from', 'to', 'channel', 'userId', 'guestId'])
  const range = dayRange(input)
  const userId = optionalString(input.userId, 'userId')
  const guestId = optionalString(input.guestId, 'guestId')
  if (userId && guestId) fail('userId', 'and guestId cannot both be set')
  return { ...range, channel: optionalString(input.channel, 'channel', 100), userId, guestId }
}

/** `usage.*` of the admin API. */
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
