import type { Generated } from 'kysely'

/** Who holds a conversation: the model, nobody yet (a person was asked for), or a person. */
export type HandoffState = 'bot' | 'waiting' | 'human'

/** Who made a change: the user (route), the model (`request_handoff`), an agent, a helpdesk, the wait timeout. */
export type HandoffActor = 'user' | 'model' | 'agent' | 'helpdesk' | 'timeout'

/** Row shape of `handoffs`: one per conversation that ever asked for a person, its current state. */
export interface HandoffsTable {
  /** Internal id of the conversation; deleting it (admin, retention) deletes the row. */
  conversation_id: number
  channel: string
  state: HandoffState
  /** The agent holding it (`human`), else null. */
  agent: string | null
  /** The replay-log entry the conversation's streams follow while not `bot` (a fresh UUID per request). */
  session_id: string | null
  /** When the current request was made; null once back to `bot`. */
  requested_at: string | null
  updated_at: string
  /** The last time the webhook receiver could not be reached after every retry; null once it answers. */
  webhook_failed_at: string | null
}

/** Row shape of `handoff_changes`: every state change, with who and when. */
export interface HandoffChangesTable {
  id: Generated<number>
  conversation_id: number
  from_state: HandoffState
  to_state: HandoffState
  actor: HandoffActor
  /** The agent's name for a claim, a release or a helpdesk's change. */
  agent: string | null
  at: string
}

/** Row shape of `handoff_messages`: the author of each message a person wrote. */
export interface HandoffMessagesTable {
  message_id: number
  conversation_id: number
  agent: string
}

/** Row shape of `handoff_seen_events`: ids of inbound helpdesk events, so a replay is ignored on every instance. */
export interface HandoffSeenEventsTable {
  /** `["<channel>","<event id>"]` (seen-events.repository.ts). */
  id: string
  seen_at: string
}

export type HandoffTables = {
  handoffs: HandoffsTable
  handoff_changes: HandoffChangesTable
  handoff_messages: HandoffMessagesTable
  handoff_seen_events: HandoffSeenEventsTable
}
