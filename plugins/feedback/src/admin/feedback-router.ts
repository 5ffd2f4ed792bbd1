import { adminProcedure, fail, inputSchema, listInputRange, optionalString, pageOf, router, withCursorCheck } from '@chatbot-kit/admin/procedures'
import { listFeedback, MAX_FEEDBACK_PAGE, type FeedbackListPage, type ListFeedbackOptions } from '../storage/list-feedback.js'
import type { FeedbackRating } from '../storage/message-feedback.table.js'
import type { FeedbackListInput } from './types.js'

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

/** `feedback.*` of the admin API. */
export const feedbackRouter = router({
  /** Newest first; pass `nextCursor` back as `cursor` for the next page. */
  list: adminProcedure.input(listInput).query(({ ctx, input }): Promise<FeedbackListPage> => withCursorCheck(() => listFeedback(ctx.chatbot.db, input))),
})
