import type { PruneReport } from '@chatbot-kit/plugin-retention'
import { adminProcedure, router } from '../trpc.js'
import { inputSchema, object, optionalBoolean, optionalString } from '../validate.js'

const parseInput = (raw: unknown) => {
  const input = object(raw, ['dryRun', 'channel'])
  return { dryRun: optionalBoolean(input.dryRun, 'dryRun') ?? false, channel: optionalString(input.channel, 'channel', 100) }
}

export const retentionRouter = router({
  /** `chatbot.prune()` (the retention plugin); `dryRun` counts what would go and deletes nothing. */
  prune: adminProcedure.input(inputSchema<{ dryRun?: boolean; channel?: string } | void, ReturnType<typeof parseInput>>(parseInput)).mutation(({ ctx, input }): Promise<PruneReport> => ctx.chatbot.prune(input)),
})
