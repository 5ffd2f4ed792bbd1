import { getRouterParam, getQuery, type H3Event } from 'h3'
import { ChatbotInvalidEnvelopeException } from '../../errors/index.js'
import { listMessages } from '../../storage/index.js'
import { findRequestedConversation } from '../../turn/conversation.js'
import { toHistoryMessage, type HistoryContext } from '../../turn/history.js'
import { verifyRequestEnvelope } from '../../turn/request.js'
import type { KernelRuntime } from '../../runtime.js'
import { getRequestEnvelope, setRequestEnvelope } from '../request-envelope.js'
import { json } from '../respond.js'
import type { ChatbotRoute } from '../route.js'

/** `GET /conversations/:id/messages`: 403 for a bad envelope or a foreign conversation, 404 for an unknown id. */
export function historyRoute(runtime: KernelRuntime): ChatbotRoute {
  return {
    name: 'chatbot.conversations.messages',
    method: 'GET',
    path: '/conversations/:id/messages',
    stateful: true,
    prepare(event) {
      const token = getQuery(event).signed_context
      if (token === undefined || token === '') throw new ChatbotInvalidEnvelopeException('The signed_context query parameter is missing.')
      const envelope = verifyRequestEnvelope(runtime, token)
      setRequestEnvelope(event, envelope)
      return envelope.channel
    },
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const id = getRouterParam(event, 'id', { decode: true }) ?? ''
      const conversation = await findRequestedConversation(runtime, id, envelope)
      const context: HistoryContext = { conversation, envelope, messages: (await listMessages(runtime.db, conversation.id)).map(toHistoryMessage), fields: {} }
      await runtime.hooks.callHook('conversation:history', context)
      const { messages } = context
      const greeting = envelope.greeting ?? runtime.settings(envelope.channel).greeting
      if (greeting) messages.unshift({ id: null, role: 'assistant', content: greeting, status: 'complete', route_name: null, context_hash: null, created_at: conversation.startedAt, author: { kind: 'bot' }, sources: [], citations: [] })
      return json({ ...context.fields, messages })
    },
  }
}
