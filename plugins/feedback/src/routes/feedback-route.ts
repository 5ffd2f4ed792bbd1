import { ChatbotForbiddenException, ChatbotNotFoundException, type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestBody, getRequestEnvelope, isUuid, prepareBodyEnvelope } from '@chatbot-kit/kernel/plugin'
import { getRouterParam, type H3Event } from 'h3'
import { findRatableMessage, rateMessage } from '../storage/feedback.repository.js'
import { ratingRefusal } from './rating-refusal.js'
import { readRating } from './read-rating.js'

/**
 * `POST /messages/:id/feedback`, body `{ signed_context, rating, comment? }`: rates a stored reply
 * of a conversation the envelope owns, replacing its earlier rating. 204; 404 for an unknown (or
 * malformed) id, 403 for another's conversation or a message that is not the assistant's reply
 * (a user's, a person's in a handoff), 422 for the body. In the
 * route-middleware group, so CSRF applies; the throttle counts it as any route. Contract §9.4.
 */
export function feedbackRoute(api: PluginApi): ChatbotRoute {
  return {
    name: 'chatbot.messages.feedback',
    method: 'POST',
    path: '/messages/:id/feedback',
    stateful: true,
    prepare: (event) => prepareBodyEnvelope((token) => api.verifyRequestEnvelope(token), event),
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const body = getRequestBody(event)!
      const id = getRouterParam(event, 'id', { decode: true }) ?? ''
      const message = isUuid(id) ? await findRatableMessage(api.storage.db, id.toLowerCase()) : undefined
      if (!message) throw new ChatbotNotFoundException('No message has that id.')
      // The kernel's rules: the envelope's identity and channel must be the conversation's.
      const conversation = await api.ownedConversation(message.conversationPublicId, envelope)
      const refusal = ratingRefusal(message)
      if (refusal) throw new ChatbotForbiddenException(refusal)
      const { rating, comment } = readRating(body)
      const ratedBy = envelope.uid !== undefined ? { userId: envelope.uid } : { guestId: envelope.gid ?? null }
      await rateMessage(api.storage.db, { messageId: message.id, conversationId: conversation.id, channel: conversation.channel, rating, comment, ratedBy })
      return new Response(null, { status: 204 })
    },
  }
}
