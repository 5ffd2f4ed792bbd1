import { json, type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestEnvelope, prepareBodyEnvelope } from '@chatbot-kit/kernel/plugin'
import { getRouterParam, type H3Event } from 'h3'
import type { HandoffService } from '../state/handoff-service.js'

/**
 * `POST /conversations/:id/handoff`, body `{ signed_context }`: the widget's "Talk to a person".
 * 200 `{ state, agent }` (asking again while waiting or held changes nothing); 403
 * `handoff_not_enabled` on a channel without handoff; history's identity rules; in the
 * route-middleware group, so CSRF applies.
 */
export function requestRoute(api: PluginApi, service: HandoffService): ChatbotRoute {
  return {
    name: 'chatbot.conversations.handoff',
    method: 'POST',
    path: '/conversations/:id/handoff',
    stateful: true,
    prepare: (event) => prepareBodyEnvelope((token) => api.verifyRequestEnvelope(token), event),
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const conversation = await api.ownedConversation(getRouterParam(event, 'id', { decode: true }) ?? '', envelope)
      const row = await service.request(conversation, 'user')
      return json({ state: row.state, agent: row.agent })
    },
  }
}
