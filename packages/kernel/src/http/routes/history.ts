import { getRouterParam, getQuery, type H3Event } from 'h3'
import { ChatbotInvalidEnvelopeException, ChatbotNotFoundException } from '../../errors/index.js'
import { listMessages } from '../../storage/index.js'
import { findOwnedConversation } from '../../turn/conversation.js'
import { verifyRequestEnvelope } from '../../turn/request.js'
import type { KernelRuntime } from '../../runtime.js'
import { getRequestEnvelope, setRequestEnvelope } from '../request-envelope.js'
import { json } from '../respond.js'
import type { ChatbotRoute } from '../route.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

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
      if (!UUID.test(id)) throw new ChatbotNotFoundException()
      const conversation = await findOwnedConversation(runtime, id.toLowerCase(), envelope)
      const stored = await listMessages(runtime.db, conversation.id)
      const greeting = envelope.greeting ?? runtime.settings(envelope.channel).greeting
      const messages = stored.map((message) => ({
        role: message.role,
        content: message.content,
        route_name: message.routeName,
        context_hash: message.contextHash,
        created_at: message.createdAt,
      }))
      if (greeting) messages.unshift({ role: 'assistant', content: greeting, route_name: null, context_hash: null, created_at: conversation.startedAt } as never)
      return json({ messages })
    },
  }
}
