import type { PluginApi, Turn } from '@chatbot-kit/kernel'
import type { HandoffService } from '../state/handoff-service.js'

/** The finish reason of a turn a person's handoff held: no provider request was made. */
export const HANDOFF_FINISH_REASON = 'handoff'

/**
 * `turn:prompt`, before every other plugin's (the plugin is `enforce: 'pre'`): while the
 * conversation waits for or is held by a person, the user's message (stored already) gets no
 * model reply: the stream says `handoff { state }`, then `done` with `finish_reason: "handoff"`,
 * and nothing is charged to the quota (the turn's prompt counts zero tokens).
 */
export function createTurnHold(api: PluginApi, service: HandoffService) {
  return async (turn: Turn): Promise<void> => {
    // Only conversations that ever asked for a person have a row: one lookup by key.
    if (!turn.settings.handoff?.enabled) return
    const row = await service.current(turn.conversation)
    if (!row || row.state === 'bot') return
    turn.inputTokens = 0
    turn.send({ type: 'handoff', state: row.state, ...(row.agent && { agent: row.agent }) })
    turn.pause(HANDOFF_FINISH_REASON)
    if (!turn.continuation) {
      const stored = await api.storage.db.selectFrom('messages').select('public_id').where('conversation_id', '=', turn.conversation.id).where('role', '=', 'user').orderBy('id', 'desc').limit(1).executeTakeFirst()
      if (stored) service.userMessage(turn.conversation, row.state, { id: stored.public_id, content: turn.message })
    }
  }
}
