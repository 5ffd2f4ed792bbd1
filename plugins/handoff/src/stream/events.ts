import type { MessageAuthor } from '@chatbot-kit/kernel'
import type { HandoffState } from '../storage/handoff.tables.js'

/** The conversation's handoff state changed (and, in a held turn, why no reply follows). */
export interface HandoffStreamEvent {
  type: 'handoff'
  state: HandoffState
  /** The agent holding it (`human`). */
  agent?: string
}

/** A message that reached the conversation without a turn: a person's, or the wait timeout's notice. */
export interface AgentMessageStreamEvent {
  type: 'agent_message'
  message_id: string
  content: string
  author: MessageAuthor
}

export type HandoffSessionEvent = HandoffStreamEvent | AgentMessageStreamEvent

// The events this plugin sends, in the one stream-event union the widget reads.
declare module '@chatbot-kit/kernel' {
  interface StreamEventMap {
    handoff: HandoffStreamEvent
    agent_message: AgentMessageStreamEvent
  }
}
