import { runExtractors } from '../extractors/run.js'
import { postMessage, type MessageBody } from '../api/requests.js'
import { isGone } from './history.js'
import { readReply, type EventHandler } from './follow.js'
import type { ChatControllerOptions, Session } from './types.js'

/**
 * Sends one user message, with the allowed client extractors, to the stored conversation (a
 * new one when it is gone), and reads the reply's stream. Gives the conversation's id and
 * whether the stream carried the reply's end (false: it dropped).
 */
export async function postAndRead(options: ChatControllerOptions, session: Session, message: string, onEvent: EventHandler, signal: AbortSignal, afresh = false): Promise<{ conversationId: string | null; ended: boolean }> {
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
