import type { PluginApi } from '@chatbot-kit/kernel'
import type { ReplyLog } from '@chatbot-kit/plugin-replies'
import type { HandoffSessionEvent } from './events.js'

/** A held conversation stays followable this long after its last event (an agent may be slow). */
export const HELD_LIFETIME_SECONDS = 86_400

/**
 * A handoff's events on the replies plugin's replay log: one log entry per request (its session
 * id), pinned as the conversation's latest while not `bot`, so `GET /conversations/{id}/stream`
 * follows it on every instance, with ids `<session id>:<seq>` as a reply's; the change back to
 * `bot` is its terminal event. A log that is down loses the live events, never the state (stored).
 */
export function createSessionLog(log: () => ReplyLog, logger: PluginApi['logger']) {
  return async (conversationId: string, sessionId: string, event: HandoffSessionEvent, lifetimeSeconds = HELD_LIFETIME_SECONDS): Promise<void> => {
    const terminal = event.type === 'handoff' && event.state === 'bot'
    const data = JSON.stringify(event)
    try {
      const seq = await log().appendNext(sessionId, conversationId, (seq) => `id: ${sessionId}:${seq}\ndata: ${data}\n\n`, { terminal, lifetimeSeconds })
      // Undefined: the session had ended, or other instances kept appending past every attempt.
      if (seq === undefined) logger.warn(`handoff: a ${event.type} event did not reach the conversation's open streams (its stream had ended or stayed busy); it is stored and shows in history.`)
      await log().pin(conversationId, terminal ? undefined : sessionId, lifetimeSeconds)
    } catch (error) {
      logger.warn('handoff: could not send an event to the conversation\'s open streams.', error)
    }
  }
}

export type SessionLog = ReturnType<typeof createSessionLog>
