import { TRPCError } from '@trpc/server'
import { deleteConversation } from '@chatbot-kit/kernel'
import { listConversations, MAX_CONVERSATION_PAGE, type ConversationListPage, type ListConversationsOptions } from '../queries/list-conversations.js'
import { loadConversationDetail, type ConversationDetail } from '../transcript/conversation-detail.js'
import { exportConversation, type ConversationExport, type ExportFormat } from '../transcript/export.js'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, listInputRange, object, optionalBoolean, optionalString, pageOf, uuid, withCursorCheck } from '../validate.js'

export type { AdminApproval, AdminMessage, AdminToolInvocation, ConversationDetail } from '../transcript/conversation-detail.js'
export type { ConversationExport, ExportFormat } from '../transcript/export.js'
export type { ReplyFeedback } from '../queries/reply-feedback.js'

export interface ConversationListInput {
  channel?: string
  userId?: string
  guestId?: string
  /** ISO 8601: conversations with activity at or after it. */
  since?: string
  /** ISO 8601: conversations that started before it. */
  until?: string
  /** Text one of its messages contains (case-insensitive). */
  search?: string
  /** `true`: only conversations with a reply rated down; `false`: only those without (feedback plugin). */
  hasDownRating?: boolean
  /** 1 to 200, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

function parseListInput(raw: unknown): ListConversationsOptions {
  const { input, since, until } = listInputRange(raw, ['channel', 'userId', 'guestId', 'search', 'hasDownRating'])
  return {
    channel: optionalString(input.channel, 'channel', 100),
    userId: optionalString(input.userId, 'userId'),
    guestId: optionalString(input.guestId, 'guestId'),
    since,
    until,
    search: optionalString(input.search, 'search', 200),
    hasDownRating: optionalBoolean(input.hasDownRating, 'hasDownRating'),
    ...pageOf(input, MAX_CONVERSATION_PAGE),
  }
}

const listInput = inputSchema<ConversationListInput | void, ListConversationsOptions>(parseListInput)
const idInput = inputSchema<{ id: string }, { id: string }>((raw) => ({ id: uuid(object(raw, ['id']).id, 'id') }))

const FORMATS: readonly unknown[] = ['markdown', 'json'] satisfies ExportFormat[]

function parseExportInput(raw: unknown): { id: string; format: ExportFormat } {
  const input = object(raw, ['id', 'format'])
  if (!FORMATS.includes(input.format)) fail('format', 'must be "markdown" or "json"')
  return { id: uuid(input.id, 'id'), format: input.format as ExportFormat }
}

const exportInput = inputSchema<{ id: string; format: ExportFormat }, { id: string; format: ExportFormat }>(parseExportInput)

async function detailOrThrow(chatbot: Parameters<typeof loadConversationDetail>[0], id: string): Promise<ConversationDetail> {
  const detail = await loadConversationDetail(chatbot, id)
  if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: 'No conversation has that id.' })
  return detail
}

export const conversationsRouter = router({
  /** Newest first; pass `nextCursor` back as `cursor` for the next page. */
  list: adminProcedure.input(listInput).query(async ({ ctx, input }): Promise<ConversationListPage> => {
    // The ratings are the feedback plugin's: without it no reply is rated down.
    if (input.hasDownRating !== undefined && !ctx.chatbot.config.plugins.some((plugin) => plugin.name === 'feedback')) {
      if (input.hasDownRating) return { items: [], nextCursor: null }
      input = { ...input, hasDownRating: undefined }
    }
    return withCursorCheck(() => listConversations(ctx.chatbot.db, input))
  }),

  /** One conversation with its messages (oldest first, replies with their rating), tool invocations and approvals. */
  get: adminProcedure.input(idInput).query(({ ctx, input }): Promise<ConversationDetail> => detailOrThrow(ctx.chatbot, input.id)),

  /** The conversation as a file: Markdown to read, or JSON (`conversations.get`'s answer). */
  export: adminProcedure.input(exportInput).query(async ({ ctx, input }): Promise<ConversationExport> => exportConversation(await detailOrThrow(ctx.chatbot, input.id), input.format)),

  /** Hard-deletes the conversation with its messages and tool invocations. */
  delete: adminProcedure.input(idInput).mutation(async ({ ctx, input }): Promise<{ deleted: true; id: string }> => {
    if (!(await deleteConversation(ctx.chatbot.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: 'No conversation has that id.' })
    return { deleted: true, id: input.id }
  }),
})
