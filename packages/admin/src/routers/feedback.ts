import { listFeedback, MAX_FEEDBACK_PAGE, type FeedbackListPage, type FeedbackRating, type ListFeedbackOptions } from '@chatbot-kit/plugin-feedback'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, listInputRange, optionalString, pageOf, withCursorCheck } from '../validate.js'

export interface FeedbackListInput {
  channel?: string
  rating?: FeedbackRating
  /** ISO 8601: replies first rated at or after it. */
  since?: string
  /** ISO 8601: replies first rated before it. */
  until?: string
  /** 1 to 200, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

function optionalRating(value: unknown): FeedbackRating | undefined {
  if (value === undefined || value === null) return undefined
  if (value !== 'up' && value !== 'down') fail('rating', 'must be "up" or "down"')
  return value
}

function parseListInput(raw: unknown): ListFeedbackOptions {
  const { input, since, until } = listInputRange(raw, ['channel', 'rating'])
  return {
    channel: optionalString(input.channel, 'channel', 100),
    rating: optionalRating(input.rating),
    since,
    until,
    ...pageOf(input, MAX_FEEDBACK_PAGE),
  }
}

const listInput = inputSchema<FeedbackListInput | void, ListFeedbackOptions>(parseListInput)

export const feedbackRouter = router({
  /**
   * Newest first; pass `nextCursor` back as `cursor` for the next page. Its table is the feedback
   * plugin's: none while no plugin declares it (the plugin left out, or replaced by a host's).
   */
  list: adminProcedure.input(listInput).query(async ({ ctx, input }): Promise<FeedbackListPage> => {
    if (!ctx.chatbot.config.plugins.some((plugin) => plugin.tables?.includes('message_feedback'))) return { items: [], nextCursor: null }
    return withCursorCheck(() => listFeedback(ctx.chatbot.db, input))
  }),
})
