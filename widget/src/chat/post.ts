import { runExtractors } from '../extractors/run.js'
import { postDecision, postMessage, type DecisionBody, type MessageBody } from '../api/requests.js'
import { isGone } from './history.js'
import { readReply, type EventHandler } from './follow.js'
import type { ChatControllerOptions, Session } from './types.js'

/** The conversation a reply belongs to, and whether its stream carried the reply's end (false: it dropped). */
export type ReadResult = { conversationId: string | null; ended: boolean }

/**
 * Sends one user message, with the allowed client extractors, to the stored conversation (a
 * new one when it is gone), and reads the reply's stream.
 */
export async function postAndRead(options: ChatControllerOptions, session: Session, message: string, onEvent: EventHandler, signal: AbortSignal, afresh = false): Promise<ReadResult> {
  const stored = afresh ? null : options.conversations.get(session.channel)
  const blocks = await runExtractors(session.extractors, options.registry, { channel: session.channel, message })
  signal.throwIfAborted()
  const body: MessageBody = { signed_context: session.token, message }
  if (stored) body.conversation_id = stored
  if (Object.keys(blocks).length > 0) body.client_extractors = blocks
  let reply
  try {
    reply = await postMessage({ ...options, endpoint: session.endpoint, signal, body, csrfToken: options.csrfToken() })
  } catch (error) {
    if (!stored || !isGone(error)) throw error
    options.conversations.forget(session.channel)
    return postAndRead(options, session, message, onEvent, signal, true)
  }
  const conversationId = reply.conversationId ?? stored
  if (conversationId) options.conversations.set(session.channel, conversationId)
  return { conversationId, ended: await readReply(reply.stream, onEvent, signal) }
}

/** Sends the user's decision on a paused turn and reads the stream of its continuation, a new reply. */
export async function decideAndRead(options: ChatControllerOptions, session: Session, conversationId: string, approvalId: string, body: DecisionBody, onEvent: EventHandler, signal: AbortSignal): Promise<ReadResult> {
  const stream = await postDecision({ ...options, ...session, conversationId, approvalId, body, signal, csrfToken: options.csrfToken() })
  return { conversationId, ended: await readReply(stream, onEvent, signal) }
}
