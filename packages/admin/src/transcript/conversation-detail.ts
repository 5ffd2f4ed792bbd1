import { type Chatbot, type StoredMessage } from '@chatbot-kit/kernel'
import { findConversationByPublicId, listMessages } from '@chatbot-kit/kernel/plugin'
import type { TranscriptContribution } from '../contributions/contribution.js'
import type { ConversationSummary } from '../queries/list-conversations.js'

/**
 * A stored message as the admin API shows it; `id` is the message's public UUID. Plugins add
 * fields by augmenting it (the feedback plugin's `feedback`), after these.
 */
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

/**
 * `conversations.get`'s answer. Plugins add fields by augmenting it (the tools plugin's
 * `toolInvocations` and `approvals`), after `messages`.
 */
export interface ConversationDetail {
  conversation: ConversationSummary & { routeName: string }
  /** Oldest first. */
  messages: AdminMessage[]
}

/** The conversation with everything its transcript shows inline (the plugins' additions too), or undefined when there is none. */
export async function loadConversationDetail(chatbot: Chatbot, publicId: string, transcripts: readonly TranscriptContribution[]): Promise<ConversationDetail | undefined> {
  const conversation = await findConversationByPublicId(chatbot.db, publicId)
  if (!conversation) return undefined
  const messages = await listMessages(chatbot.db, conversation.id)
  const additions = await Promise.all(transcripts.map((transcript) => transcript.load({ chatbot, conversation, messages })))
  const fields = additions.map((addition) => addition.fields)
  const messageFields = additions.flatMap((addition) => (addition.message ? [addition.message] : []))
  // Typed as the plugins' augmentations say, which their additions fill.
  const detail: ConversationDetail = Object.assign(
    {
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
      messages: messages.map((message): AdminMessage => Object.assign(coreFieldsOf(message), ...messageFields.map((fieldsOf) => fieldsOf(message)))),
    },
    ...fields,
  )
  return detail
}

// Keys spelled out in a fixed order: the JSON export is this object, and its keys stay put.
const coreFieldsOf = (message: StoredMessage) => ({
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
}) satisfies Partial<AdminMessage>
