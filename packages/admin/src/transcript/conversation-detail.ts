import { findApproval, listApprovals, listToolInvocations, type StoredToolInvocation, type ToolApprovalSummary } from '@chatbot-kit/plugin-tools'
import { findConversationByPublicId, listMessages, type Chatbot, type StoredMessage } from '@chatbot-kit/kernel'
import type { ConversationSummary } from '../queries/list-conversations.js'
import { replyFeedback, type ReplyFeedback } from '../queries/reply-feedback.js'

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
  /** A reply's rating (feedback plugin); null when unrated, on a question, or without the plugin. */
  feedback: ReplyFeedback | null
}

/** A stored tool invocation as the API shows it: public ids only. */
export interface AdminToolInvocation extends Omit<StoredToolInvocation, 'id' | 'publicId' | 'conversationId' | 'messageId'> {
  id: string
  /** Public id of the assistant message that made the call, when recorded. */
  messageId: string | null
}

/** A tool approval of the conversation, as `approvals.list` shows it, with the reply that paused. */
export interface AdminApproval extends Omit<ToolApprovalSummary, 'conversationId'> {
  /** Public id of the assistant reply that paused for it. */
  messageId: string
}

export interface ConversationDetail {
  conversation: ConversationSummary & { routeName: string }
  /** Oldest first. */
  messages: AdminMessage[]
  toolInvocations: AdminToolInvocation[]
  /** Oldest first; none without the tools plugin. */
  approvals: AdminApproval[]
}

const installed = (chatbot: Chatbot, name: string) => chatbot.config.plugins.some((plugin) => plugin.name === name)

/** The conversation with everything its transcript shows inline, or undefined when there is none. */
export async function loadConversationDetail(chatbot: Chatbot, publicId: string): Promise<ConversationDetail | undefined> {
  const conversation = await findConversationByPublicId(chatbot.db, publicId)
  if (!conversation) return undefined
  const tools = installed(chatbot, 'tools')
  const [messages, invocations, approvals, feedback] = await Promise.all([
    listMessages(chatbot.db, conversation.id),
    tools ? listToolInvocations(chatbot.db, conversation.id) : [],
    tools ? approvalsOf(chatbot, publicId) : [],
    installed(chatbot, 'feedback') ? replyFeedback(chatbot.db, conversation.id) : new Map<number, ReplyFeedback>(),
  ])
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
    messages: messages.map((message) => toAdminMessage(message, feedback.get(message.id) ?? null)),
    toolInvocations: invocations.map((invocation) => ({
      id: invocation.publicId,
      messageId: invocation.messageId === null ? null : (messageIds.get(invocation.messageId) ?? null),
      callId: invocation.callId,
      toolName: invocation.toolName,
      arguments: invocation.arguments,
      result: invocation.result,
      error: invocation.error,
      startedAt: invocation.startedAt,
      finishedAt: invocation.finishedAt,
      durationMs: invocation.durationMs,
      overran: invocation.overran,
    })),
    approvals,
  }
}

// Keys spelled out in a fixed order: the JSON export is this object, and its keys stay put.
const toAdminMessage = (message: StoredMessage, feedback: ReplyFeedback | null): AdminMessage => ({
  id: message.publicId,
  role: message.role,
  content: message.content,
  routeName: message.routeName,
  contextHash: message.contextHash,
  status: message.status,
  finishReason: message.finishReason,
  tokenCount: message.tokenCount,
  inputTokens: message.inputTokens,
  outputTokens: message.outputTokens,
  createdAt: message.createdAt,
  feedback,
})

/** Every page of the conversation's approvals, oldest first, each with the reply that paused. */
async function approvalsOf(chatbot: Chatbot, conversationId: string): Promise<AdminApproval[]> {
  const items: ToolApprovalSummary[] = []
  let cursor: string | null = null
  do {
    const page = await listApprovals(chatbot.db, { conversationId, limit: 200, cursor })
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  // A few per conversation: one lookup each for the paused reply's id, which the list leaves out.
  const stored = await Promise.all(items.map((item) => findApproval(chatbot.db, item.id)))
  const approvals = items.flatMap((item, index): AdminApproval[] => {
    const found = stored[index]
    // Gone since the list was read (the conversation was deleted meanwhile).
    if (!found) return []
    return [{ id: item.id, messageId: found.messageId, calls: item.calls, decidedBy: item.decidedBy, comment: item.comment, requestedAt: item.requestedAt, decidedAt: item.decidedAt }]
  })
  return approvals.reverse()
}
