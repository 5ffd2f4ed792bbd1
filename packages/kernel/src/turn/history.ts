import type { EnvelopePayload } from '../envelope/index.js'
import type { Conversation, StoredMessage } from '../storage/index.js'
import type { ReplySource } from './types.js'

/** Who wrote a message: the user, the model, or a person who took the conversation over (handoff). */
export type MessageAuthor = { kind: 'user' } | { kind: 'bot' } | { kind: 'agent'; name: string }

/** One element of the history response (docs/http-api.md#get-chatbotconversationsidmessages). */
export interface HistoryMessage {
  /** The message's public id; `null` for the channel greeting. */
  id: string | null
  role: 'user' | 'assistant'
  content: string
  /** `streaming`: a reply in progress, listed with its text so far. */
  status: 'complete' | 'incomplete' | 'streaming'
  route_name: string | null
  context_hash: string | null
  created_at: string
  /** Who wrote it; every element the kernel lists has one (a plugin adding elements should set it). */
  author?: MessageAuthor
  /** Assistant elements: the sources the reply was offered (`[]` when none), as the `sources` event sent them. */
  sources?: ReplySource[]
  /** Assistant elements: the ids it cited, as `done.citations`. */
  citations?: number[]
}

/** What `conversation:history` listeners get: the stored messages, oldest first, before the greeting goes on top. */
export interface HistoryContext {
  conversation: Conversation
  envelope: EnvelopePayload
  messages: HistoryMessage[]
  /** Top-level fields a plugin adds to the response beside `messages` (e.g. `pending_approval`). */
  fields: Record<string, unknown>
}

export function toHistoryMessage(message: StoredMessage): HistoryMessage {
  return {
    id: message.publicId,
    role: message.role,
    content: message.content,
    status: message.status,
    route_name: message.routeName,
    context_hash: message.contextHash,
    created_at: message.createdAt,
    author: { kind: message.role === 'user' ? 'user' : 'bot' },
    ...(message.role === 'assistant' && { sources: message.sources, citations: message.citations }),
  }
}
