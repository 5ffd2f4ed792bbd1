import { randomUUID } from 'node:crypto'
import type { Conversation, PluginApi } from '@chatbot-kit/kernel'
import { findConversationByPublicId, fromStoredTimestamp, insertMessage } from '@chatbot-kit/kernel/plugin'
import { countTokens } from '@chatbot-kit/kernel'
import { ChatbotHandoffException } from '../errors.js'
import { handoffOf } from '../options.js'
import { insertAgentMessage } from '../storage/agent-messages.repository.js'
import type { HandoffActor, HandoffState } from '../storage/handoff.tables.js'
import { changeState, findHandoff, listWaiting, type HandoffRow, type StateChange } from '../storage/handoffs.repository.js'
import type { HandoffSessionEvent } from '../stream/events.js'
import type { SessionLog } from '../stream/session-log.js'
import type { OutboundEvent } from '../webhooks/payload.js'
import type { WebhookSender } from '../webhooks/sender.js'

/** Who asks for a change: an agent in the admin API, or a helpdesk through the inbound webhook. */
export type AgentActor = Extract<HandoffActor, 'agent' | 'helpdesk'>

/**
 * The state machine `bot → waiting → human → bot` (contract §11.3). Every change is one
 * conditional UPDATE (handoffs.repository.ts), so whichever instance or agent gets there first
 * wins; the winner then tells the conversation's open streams (the replay log) and the webhook.
 */
export function createHandoffService(api: PluginApi, publish: SessionLog, webhooks: WebhookSender) {
  const { db } = api.storage
  const settingsOf = (channel: string) => handoffOf(api.settings(channel), api.config.handoff.webhook)

  const notify = (conversation: Pick<Conversation, 'id' | 'publicId' | 'channel'>, event: Omit<OutboundEvent, 'id' | 'conversation_id' | 'channel' | 'at'>) =>
    webhooks.send(settingsOf(conversation.channel)?.webhook, conversation.id, { id: `msg_${randomUUID()}`, conversation_id: conversation.publicId, channel: conversation.channel, at: new Date().toISOString(), ...event })

  /** A change some instance won: its stream event (on the session it belongs to) and its webhook. */
  const announce = async (conversation: Conversation, sessionId: string | null, state: HandoffState, agent?: string | null) => {
    const event: HandoffSessionEvent = { type: 'handoff', state, ...(agent && { agent }) }
    if (sessionId) await publish(conversation.publicId, sessionId, event)
    notify(conversation, { type: 'state', state, ...(agent && { agent }) })
  }

  const change = (conversation: Conversation, fields: Omit<StateChange, 'conversationId' | 'channel'>) => changeState(db, { conversationId: conversation.id, channel: conversation.channel, ...fields })

  const isOverdue = (row: HandoffRow): boolean => {
    const handoff = settingsOf(row.channel)
    return row.state === 'waiting' && row.requested_at !== null && Date.parse(fromStoredTimestamp(row.requested_at)) + 1000 * (handoff?.waitTimeout ?? 0) <= Date.now()
  }

  /** Nobody claimed in time: back to the bot, and the user is told (only the instance whose UPDATE won does this). */
  const expire = async (conversation: Conversation, row: HandoffRow): Promise<void> => {
    const won = await change(conversation, { from: ['waiting'], to: 'bot', actor: 'timeout', requestedAt: row.requested_at! })
    if (!won || !row.session_id) return
    const text = settingsOf(conversation.channel)?.message ?? ''
    const notice = await insertMessage(db, { conversationId: conversation.id, role: 'assistant', content: text, routeName: conversation.routeName, contextHash: null, finishReason: 'handoff_timeout', tokenCount: countTokens(text) })
    await publish(conversation.publicId, row.session_id, { type: 'agent_message', message_id: notice.publicId, content: text, author: { kind: 'bot' } })
    await announce(conversation, row.session_id, 'bot')
  }

  /** The conversation's handoff now: a request past its wait timeout is expired first (the check on read). */
  const current = async (conversation: Conversation): Promise<HandoffRow | undefined> => {
    const row = await findHandoff(db, conversation.id)
    if (!row || !isOverdue(row)) return row
    await expire(conversation, row)
    return findHandoff(db, conversation.id)
  }

  const conversationOf = async (publicId: string): Promise<Conversation> => {
    const conversation = await findConversationByPublicId(db, publicId)
    if (!conversation) throw ChatbotHandoffException.notFound()
    return conversation
  }

  /** Why a change an agent asked for did not happen. */
  const refusal = (row: HandoffRow | undefined, agent: string): ChatbotHandoffException => {
    if (!row || row.state === 'bot') return ChatbotHandoffException.notFound()
    if (row.state === 'human' && row.agent !== agent) return ChatbotHandoffException.conflict(`${row.agent} holds this conversation.`)
    return ChatbotHandoffException.conflict('Claim this conversation first.')
  }

  const claim = async (conversation: Conversation, agent: string, actor: AgentActor): Promise<HandoffRow> => {
    const before = await current(conversation)
    const won = await change(conversation, { from: ['waiting'], to: 'human', heldBy: agent, agent, actor })
    if (!won) throw refusal(await findHandoff(db, conversation.id), agent)
    if (won.changed) await announce(conversation, before?.session_id ?? won.row.session_id, 'human', agent)
    return won.row
  }

  return {
    current,
    /** The conversation with this public id; 404 `handoff_not_found` when there is none. */
    conversation: conversationOf,
    /** A user (the route) or the model (`request_handoff`) asks for a person; asking again changes nothing. */
    async request(conversation: Conversation, actor: Extract<HandoffActor, 'user' | 'model'>): Promise<HandoffRow> {
      if (!settingsOf(conversation.channel)) throw ChatbotHandoffException.notEnabled()
      const row = await current(conversation)
      if (row && row.state !== 'bot') return row
      const sessionId = randomUUID()
      const won = await change(conversation, { from: ['bot'], to: 'waiting', actor, sessionId })
      if (!won) return (await findHandoff(db, conversation.id))!
      await announce(conversation, sessionId, 'waiting')
      return won.row
    },
    async claim(conversationId: string, agent: string, actor: AgentActor): Promise<HandoffRow> {
      return claim(await conversationOf(conversationId), agent, actor)
    },
    /** A person's message; a helpdesk's, while the request still waits, claims it first. */
    async reply(conversationId: string, agent: string, text: string, actor: AgentActor): Promise<{ messageId: string }> {
      const conversation = await conversationOf(conversationId)
      let row = await current(conversation)
      if (actor === 'helpdesk' && row?.state === 'waiting') row = await claim(conversation, agent, actor)
      if (row?.state !== 'human' || row.agent !== agent || !row.session_id) throw refusal(row, agent)
      const stored = await insertAgentMessage(db, conversation.id, agent, text, conversation.routeName)
      await publish(conversation.publicId, row.session_id, { type: 'agent_message', message_id: stored.publicId, content: text, author: { kind: 'agent', name: agent } })
      return { messageId: stored.publicId }
    },
    /** Back to the bot: the agent holding it, or anyone while it still waits. */
    async release(conversationId: string, agent: string, actor: AgentActor): Promise<HandoffRow> {
      const conversation = await conversationOf(conversationId)
      const before = await current(conversation)
      const won = await change(conversation, { from: ['waiting', 'human'], to: 'bot', heldBy: agent, agent, actor })
      if (!won) throw refusal(await findHandoff(db, conversation.id), agent)
      if (won.changed) await announce(conversation, before?.session_id ?? null, 'bot', agent)
      return won.row
    },
    /** A user message arrived while not `bot`: the helpdesk hears of it. */
    userMessage(conversation: Conversation, state: HandoffState, message: { id: string; content: string }): void {
      notify(conversation, { type: 'user_message', state, message })
    },
    /** Expires every request past its wait timeout (each instance's timer; one instance wins each). */
    async sweep(): Promise<void> {
      for (const row of await listWaiting(db)) {
        if (!isOverdue(row)) continue
        const conversation = await conversationById(api, row.conversation_id)
        if (conversation) await expire(conversation, row)
      }
    },
  }
}

export type HandoffService = ReturnType<typeof createHandoffService>

async function conversationById(api: PluginApi, id: number): Promise<Conversation | undefined> {
  const row = await api.storage.db.selectFrom('conversations').select('public_id').where('id', '=', id).executeTakeFirst()
  return row && findConversationByPublicId(api.storage.db, row.public_id)
}
