import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { HandoffActor, HandoffState, HandoffsTable } from './handoff.tables.js'
import { withHandoff, type ChatbotDb } from './db.js'

/** A conversation's handoff row as the plugin reads it. */
export type HandoffRow = HandoffsTable

export interface StateChange {
  conversationId: number
  channel: string
  /** The states it may leave; anything else and nothing changes. */
  from: HandoffState[]
  to: HandoffState
  actor: HandoffActor
  agent?: string | null
  /** Only while this agent holds it (`reply`, `release`), or while it waits (`claim`: or holds it). */
  heldBy?: string
  /** A request's new replay-log entry. */
  sessionId?: string
  /** The timeout: only the request that was made then (a new one since is not expired). */
  requestedAt?: string
  now?: Date
}

export async function findHandoff(db: ChatbotDb, conversationId: number): Promise<HandoffRow | undefined> {
  return withHandoff(db).selectFrom('handoffs').selectAll().where('conversation_id', '=', conversationId).executeTakeFirst()
}

/** The row after a change, and whether its state changed (a claim by the agent holding it changes nothing). */
export interface ChangeResult {
  row: HandoffRow
  /** The state before. */
  from: HandoffState
  changed: boolean
}

/**
 * One change of state, as one conditional UPDATE (two instances, or two agents, racing: one
 * wins, the other changes nothing), then its line in `handoff_changes`. Resolves undefined when
 * the conversation was not in a state it may leave.
 */
export async function changeState(db: ChatbotDb, change: StateChange): Promise<ChangeResult | undefined> {
  const now = toStoredTimestamp(change.now ?? new Date())
  return withHandoff(db).transaction().execute(async (trx) => {
    // A conversation's first request: its row starts at `bot`.
    if (change.from.includes('bot')) {
      await trx.insertInto('handoffs').values({ conversation_id: change.conversationId, channel: change.channel, state: 'bot', agent: null, session_id: null, requested_at: null, updated_at: now, webhook_failed_at: null }).onConflict((conflict) => conflict.column('conversation_id').doNothing()).execute()
    }
    const before = await trx.selectFrom('handoffs').select(['state']).where('conversation_id', '=', change.conversationId).executeTakeFirst()
    const result = await trx
      .updateTable('handoffs')
      .set({
        state: change.to,
        agent: change.to === 'human' ? (change.agent ?? null) : null,
        updated_at: now,
        ...(change.to === 'waiting' && { requested_at: now, session_id: change.sessionId ?? null }),
        ...(change.to === 'bot' && { requested_at: null, session_id: null }),
      })
      .where('conversation_id', '=', change.conversationId)
      .where((eb) => {
        const leaving = eb('state', 'in', change.from)
        if (change.heldBy === undefined) return leaving
        // Claim: waiting, or already this agent's; reply and release: this agent's.
        const mine = eb.and([eb('state', '=', 'human'), eb('agent', '=', change.heldBy)])
        return change.from.includes('waiting') ? eb.or([eb('state', '=', 'waiting'), mine]) : mine
      })
      .$if(change.requestedAt !== undefined, (query) => query.where('requested_at', '=', change.requestedAt!))
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return undefined
    const from = before?.state ?? 'bot'
    if (from !== change.to) {
      await trx.insertInto('handoff_changes').values({ conversation_id: change.conversationId, from_state: from, to_state: change.to, actor: change.actor, agent: change.agent ?? null, at: now }).execute()
    }
    const row = await trx.selectFrom('handoffs').selectAll().where('conversation_id', '=', change.conversationId).executeTakeFirstOrThrow()
    return { row, from, changed: from !== change.to }
  })
}

/** Marks (a timestamp) or clears (null) that the webhook receiver could not be reached. */
export async function markWebhookFailure(db: ChatbotDb, conversationId: number, at: Date | null): Promise<void> {
  await withHandoff(db).updateTable('handoffs').set({ webhook_failed_at: at && toStoredTimestamp(at) }).where('conversation_id', '=', conversationId).execute()
}

/** Requests still waiting, oldest first: the wait timeout's sweep. */
export async function listWaiting(db: ChatbotDb, limit = 500): Promise<HandoffRow[]> {
  return withHandoff(db).selectFrom('handoffs').selectAll().where('state', '=', 'waiting').orderBy('requested_at').limit(limit).execute()
}

/** Every change of a conversation, oldest first (`conversations.get`). */
export async function listChanges(db: ChatbotDb, conversationId: number) {
  return withHandoff(db).selectFrom('handoff_changes').select(['from_state', 'to_state', 'actor', 'agent', 'at']).where('conversation_id', '=', conversationId).orderBy('id').execute()
}
