import type { HandoffState } from '../storage/handoff.tables.js'

/** What `handoff.webhook` receives (contract §11.3): a state change, or a user message while not `bot`. */
export interface OutboundEvent {
  /** Unique per event; also the `webhook-id` header (a receiver drops repeats by it). */
  id: string
  type: 'state' | 'user_message'
  conversation_id: string
  channel: string
  /** `state`: the new state; `user_message`: the state it arrived in. */
  state: HandoffState
  /** `state` to `human`: who claimed. */
  agent?: string
  /** `user_message`: the stored message. */
  message?: { id: string; content: string }
  /** ISO 8601. */
  at: string
}

/** What `POST /chatbot/handoff/events` takes, signed the same way. */
export interface InboundEvent {
  id: string
  type: 'claim' | 'message' | 'release'
  conversation_id: string
  agent: { name: string }
  /** `message`: what the agent wrote. */
  text?: string
}
