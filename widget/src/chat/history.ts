import { RequestFailure } from '../api/errors.js'
import { getHistory, type HistoryMessage } from '../api/requests.js'
import { fromHistory, toApproval, type ChatState } from './state.js'
import type { ChatControllerOptions, Session } from './types.js'

/**
 * A user message repeating the one right before it, with no reply between, is what a Retry
 * leaves when the reply failed on an open stream: the server had stored the message before the
 * provider failed, and Retry stored it again. It is shown once. An empty finished reply is a
 * turn that paused for approval before any text: the approval shows instead.
 */
const shown = (messages: HistoryMessage[]) =>
  messages.filter(
    (message, index) =>
      !(message.role === 'user' && messages[index - 1]?.role === 'user' && messages[index - 1]!.content === message.content) &&
      (message.content || message.role === 'user' || (message.status ?? 'complete') !== 'complete'),
  )

/** The stored conversation as shown, with the tool calls waiting for approval. */
export const loadHistory = async (options: ChatControllerOptions, session: Session, conversationId: string, signal: AbortSignal): Promise<Pick<ChatState, 'messages' | 'approval'>> => {
  const { messages, approval } = await getHistory({ ...options, ...session, signal, conversationId })
  return { messages: shown(messages).map(fromHistory), approval: approval && toApproval(approval) }
}

/** The stored conversation is gone (pruned) or another identity's (another login): start afresh. */
export const isGone = (error: unknown): boolean =>
  error instanceof RequestFailure && (error.error.status === 404 || error.error.code === 'forbidden')
