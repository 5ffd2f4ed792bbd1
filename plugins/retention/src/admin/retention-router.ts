import { adminProcedure, inputSchema, object, optionalBoolean, optionalString, router } from '@chatbot-kit/admin/procedures'
import type { PruneReport } from '../prune-report.js'
import type { RetentionPruneInput } from './types.js'

const parseInput = (raw: unknown) => {
  const input = object(raw, ['dryRun', 'channel'])
  return { dryRun: optionalBoolean(input.dryRun, 'dryRun') ?? false, channel: optionalString(input.channel, 'channel', 100) }
}

/** `retention.*` of the admin API. */
export const retentionRouter = router({
  /** `chatbot.prune()`; `dryRun` counts what would go and deletes nothing. */
  prune: adminProcedure.input(inputSchema<RetentionPruneInput | void, ReturnType<typeof parseInput>>(parseInput)).mutation(({ ctx, input }): Promise<PruneReport> => ctx.chatbot.prune(input)),
})
