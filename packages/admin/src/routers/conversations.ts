import { TRPCError } from '@trpc/server'
import { deleteConversation, findConversationByPublicId, listMessages, type Chatbot } from '@chatbot-kit/kernel'
import { listToolInvocations, type StoredToolInvocation } from '@chatbot-kit/plugin-tools'
import { listConversations, MAX_CONVERSATION_PAGE, type ConversationListPage, type ConversationSummary, type ListConversationsOptions } from '../queries/list-conversations.js'
import { adminProcedure, router } from '../trpc.js'
import { fail, inputSchema, object, optionalInstant, optionalInteger, optionalString, uuid } from '../validate.js'

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
  /** 1 to 200, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

/** A stored message as the admin API shows it; `id` is the message's public UUID. */
export interface AdminMessage {
  id: string
  role: 'user' | 'assistant'
  content: string
  routeName: string
  contextHash: string | null
  status: 'complete' | 'incomplete'
  finishReason: string | null
  tokenCount: number
  inputTokens: number | null
  outputTokens: number | null
  createdAt: string
}

/** A stored tool invocation as the API shows it: public ids only. */
export interface AdminToolInvocation extends Omit<StoredToolInvocation, 'id' | 'publicId' | 'conversationId' | 'messageId'> {
  id: string
  /** Public id of the assistant message that made the call, when recorded. */
  messageId: string | null
}

export interface ConversationDetail {
  conversation: ConversationSummary & { routeName: string }
  messages: AdminMessage[]
  toolInvocations: AdminToolInvocation[]
}

function parseListInput(raw: unknown): ListConversationsOptions {
  // `direction` is what tRPC's infinite queries add; it is accepted and ignored.
  const input = object(raw, ['channel', 'userId', 'guestId', 'since', 'until', 'search', 'limit', 'cursor', 'direction'])
  const since = optionalInstant(input.since, 'since')
  const until = optionalInstant(input.until, 'until')
  if (since && until && since > until) fail('since', 'must not be after until')
  return {
    channel: optionalString(input.channel, 'channel', 100),
    userId: optionalString(input.userId, 'userId'),
    guestId: optionalString(input.guestId, 'guestId'),
    since,
    until,
    search: optionalString(input.search, 'search', 200),
    limit: optionalInteger(input.limit, 'limit', 1, MAX_CONVERSATION_PAGE),
    cursor: optionalString(input.cursor, 'cursor', 100),
  }
}

const listInput = inputSchema<ConversationListInput | void, ListConversationsOptions>(parseListInput)
const idInput = inputSchema<{ id: string }, { id: string }>((raw) => ({ id: uuid(object(raw, ['id']).id, 'id') }))

async function findOrThrow(db: Parameters<typeof findConversationByPublicId>[0], id: string) {
  const conversation = await findConversationByPublicId(db, id)
  if (!conversation) throw new TRPCError({ code: 'NOT_FOUND', message: 'No conversation has that id.' })
  return conversation
}

/** A conversation's tool invocations; their table is the tools plugin's, so none without that plugin. */
async function toolInvocationsOf(chatbot: Chatbot, conversationId: number): Promise<StoredToolInvocation[]> {
  return chatbot.config.plugins.some((plugin) => plugin.name === 'tools') ? listToolInvocations(chatbot.db, conversationId) : []
}

export const conversationsRouter = router({
  /** Newest first; pass `nextCursor` back as `cursor` for the next page. */
  list: adminProcedure.input(listInput).query(async ({ ctx, input }): Promise<ConversationListPage> => {
    try {
      return await listConversations(ctx.chatbot.db, input)
    } catch (error) {
      if (error instanceof RangeError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message })
      throw error
    }
  }),

  /** One conversation with its messages (oldest first) and tool invocations. */
  get: adminProcedure.input(idInput).query(async ({ ctx, input }): Promise<ConversationDetail> => {
    const conversation = await findOrThrow(ctx.chatbot.db, input.id)
    const [messages, invocations] = await Promise.all([listMessages(ctx.chatbot.db, conversation.id), toolInvocationsOf(ctx.chatbot, conversation.id)])
    const messageIds = new Map(messages.map((message) => [message.id, message.publicId]))
    return {
      conversation: {
        id: conversation.publicId,
        channel: conversation.channel,
        userId: conversation.userId,
        guestId: conversation.guestId,
        routeName: conversation.routeName,
        startedAt: conversation.startedAt,
        lastActivityAt: conversation.lastActivityAt,
        messageCount: messages.length,
      },
      messages: messages.map(({ id: _internal, conversationId: _conversation, publicId, ...message }) => ({ id: publicId, ...message })),
      toolInvocations: invocations.map(({ id: _internal, conversationId: _conversation, publicId, messageId, ...invocation }) => ({
        id: publicId,
        messageId: messageId === null ? null : (messageIds.get(messageId) ?? null),
        ...invocation,
      })),
    }
  }),

  /** Hard-deletes the conversation with its messages and tool invocations. */
  delete: adminProcedure.input(idInput).mutation(async ({ ctx, input }): Promise<{ deleted: true; id: string }> => {
    if (!(await deleteConversation(ctx.chatbot.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: 'No conversation has that id.' })
    return { deleted: true, id: input.id }
  }),
})
