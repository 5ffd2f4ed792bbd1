import type { HandoffState } from '../storage/handoff.tables.js'
import type { HandoffService } from '../state/handoff-service.js'
import type { handoffRouter } from './handoff-router.js'

/** One change of a conversation's handoff state, as `conversations.get` lists it. */
export interface AdminHandoffChange {
  from: HandoffState
  to: HandoffState
  /** `user`, `model`, `agent`, `helpdesk` or `timeout`. */
  actor: string
  agent: string | null
  /** ISO 8601. */
  at: string
}

/**
 * What a host's `authorize` check may leave on the request for the handoff procedures: the
 * signed-in agent's display name, used when the input has no `agent`.
 */
export interface HandoffAgentContext {
  handoffAgent?: string
}

declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    handoff: typeof handoffRouter
  }
  interface AdminMessage {
    /** The person who wrote it (a handoff); null for the user's messages and the model's replies. */
    agent: string | null
  }
  interface ConversationDetail {
    /** Every handoff state change, oldest first (`[]` when a person was never asked for). */
    handoffChanges: AdminHandoffChange[]
  }
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** The handoff state machine (the handoff plugin): what the admin procedures and the inbound webhook call. */
    handoff(): HandoffService
  }
}
