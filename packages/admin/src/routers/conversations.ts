import { TRPCError } from '@trpc/server'
import { type Chatbot } from '@chatbot-kit/kernel'
import { deleteConversation } from '@chatbot-kit/kernel/plugin'
import type { ConversationFilter, TranscriptContribution } from '../contributions/contribution.js'
import { listConversations, MAX_CONVERSATION_PAGE, type ConversationListPage, type ListConversationsOptions } from '../queries/list-conversations.js'
import { loadConversationDetail, type ConversationDetail } from '../transcript/conversation-detail.js'
import { exportConversation, type ConversationExport, type ExportFormat } from '../transcript/export.js'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, listInputRange, object, optionalString, pageOf, uuid, withCursorCheck, type ListPageInput } from '../validate.js'

export type { AdminMessage, ConversationDetail } from '../transcript/conversation-detail.js'
export type { ConversationExport, ExportFormat } from '../transcript/export.js'

/** `conversations.list`'s input. Plugins add their filters by augmenting it (the feedback plugin's `hasDownRating`). */
export interface ConversationListInput extends ListPageInput {
  channel?: string
  userId?: string
  guestId?: string
  /** ISO 8601: conversations with activity at or after it. */
  since?: string
  /** ISO 8601: conversations that started before it. */
  until?: string
  /** Text one of its messages contains (case-insensitive). */
  search?: string
}

/** What `conversations.*` takes from the plugins. */
export interface ConversationsContributions {
  /** `conversations.list`'s filters, by input field. */
  filters: ReadonlyMap<string, ConversationFilter>
  transcripts: readonly TranscriptContribution[]
}

/** `conversations.list`'s own filters. */
export const CONVERSATION_FILTERS = ['channel', 'userId', 'guestId', 'search']

function parseListInput(raw: unknown, filters: ConversationsContributions['filters']): ListConversationsOptions {
  const { input, since, until } = listInputRange(raw, [...CONVERSATION_FILTERS, ...filters.keys()])
  const conditions = [...filters].flatMap(([field, filter]) => {
    const value = filter.parse(input[field], field)
    return value === undefined ? [] : [filter.where(value)]
  })
  return {
    channel: optionalString(input.channel, 'channel', 100),
    userId: optionalString(input.userId, 'userId'),
    guestId: optionalString(input.guestId, 'guestId'),
    since,
    until,
    search: optionalString(input.search, 'search', 200),
    conditions,
    ...pageOf(input, MAX_CONVERSATION_PAGE),
  }
}

const idInput = inputSchema<{ id: string }, { id: string }>((raw) => ({ id: uuid(object(raw, ['id']).id, 'id') }))

const FORMATS: readonly unknown[] = ['markdown', 'json'] satisfies ExportFormat[]

function parseExportInput(raw: unknown): { id: string; format: ExportFormat } {
  const input = object(raw, ['id', 'format'])
  if (!FORMATS.includes(input.format)) fail('format', 'must be "markdown" or "json"')
  return { id: uuid(input.id, 'id'), format: input.format as ExportFormat }
}

const exportInput = inputSchema<{ id: string; format: ExportFormat }, { id: string; format: ExportFormat }>(parseExportInput)

/** `conversations.*` with the plugins' filters and transcript additions. */
export function createConversationsRouter({ filters, transcripts }: ConversationsContributions) {
  const listInput = inputSchema<ConversationListInput | void, ListConversationsOptions>((raw) => parseListInput(raw, filters))

  async function detailOrThrow(chatbot: Chatbot, id: string): Promise<ConversationDetail> {
    const detail = await loadConversationDetail(chatbot, id, transcripts)
    if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: 'No conversation has that id.' })
    return detail
  }

  return router({
    /** Newest first; pass `nextCursor` back as `cursor` for the next page. */
    list: adminProcedure.input(listInput).query(({ ctx, input }): Promise<ConversationListPage> => withCursorCheck(() => listConversations(ctx.chatbot.db, input))),

    /** One conversation with its messages (oldest first) and what the plugins add (tool invocations, approvals, ratings). */
    get: adminProcedure.input(idInput).query(({ ctx, input }): Promise<ConversationDetail> => detailOrThrow(ctx.chatbot, input.id)),

    /** The conversation as a file: Markdown to read, or JSON (`conversations.get`'s answer). */
    export: adminProcedure.input(exportInput).query(async ({ ctx, input }): Promise<ConversationExport> => exportConversation(await detailOrThrow(ctx.chatbot, input.id), input.format, transcripts)),

    /** Hard-deletes the conversation with its messages and everything of it the plugins keep. */
    delete: adminProcedure.input(idInput).mutation(async ({ ctx, input }): Promise<{ deleted: true; id: string }> => {
      if (!(await deleteConversation(ctx.chatbot.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: 'No conversation has that id.' })
      return { deleted: true, id: input.id }
    }),
  })
}
