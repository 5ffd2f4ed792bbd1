import { ChatbotException, json, type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import { ChatbotHandoffException } from '../errors.js'
import { handoffOf, type HandoffWebhook } from '../options.js'
import type { HandoffService } from '../state/handoff-service.js'
import { forgetSeen, markSeen } from '../storage/seen-events.repository.js'
import { readInboundEvent, verifiedBy } from '../webhooks/inbound.js'
import { readSignedBody } from './signed-body.js'

/**
 * `POST /handoff/events`: a helpdesk's claim, message or release, signed with the webhook secret
 * (no session, no CSRF: outside the route-middleware group). 401 for a bad signature or a
 * timestamp more than 5 minutes off; an event id seen before for the conversation's channel (on
 * any instance) is ignored with 200 `{ ignored: true }`; else 200 `{ state }`, or the admin
 * procedures' 404/409.
 */
export function eventsRoute(api: PluginApi, service: HandoffService): ChatbotRoute {
  const secrets = (): HandoffWebhook[] => {
    const all = [api.config.handoff.webhook, ...Object.keys(api.config.channels).map((channel) => handoffOf(api.settings(channel), api.config.handoff.webhook)?.webhook)]
    return [...new Map(all.filter((webhook) => webhook !== undefined).map((webhook) => [webhook.secret, webhook])).values()]
  }
  return {
    name: 'chatbot.handoff.events',
    method: 'POST',
    path: '/handoff/events',
    stateful: false,
    async handler(event: H3Event) {
      const body = await readSignedBody(event)
      const signer = await verifiedBy(secrets(), body, event.req.headers)
      const inbound = readInboundEvent(body)
      const conversation = await service.conversation(inbound.conversation_id)
      // A channel's own secret signs only that channel's conversations.
      if (handoffOf(api.settings(conversation.channel), api.config.handoff.webhook)?.webhook?.secret !== signer.secret) throw ChatbotHandoffException.badSignature()
      if (!(await markSeen(api.storage.db, conversation.channel, inbound.id))) return json({ ignored: true })
      try {
        const agent = inbound.agent.name
        if (inbound.type === 'claim') return json({ state: (await service.claim(inbound.conversation_id, agent, 'helpdesk')).state })
        if (inbound.type === 'release') return json({ state: (await service.release(inbound.conversation_id, agent, 'helpdesk')).state })
        return json({ state: 'human', message_id: (await service.reply(inbound.conversation_id, agent, inbound.text!, 'helpdesk')).messageId })
      } catch (error) {
        // A refusal is the event's answer; anything else may succeed when the helpdesk retries.
        if (!ChatbotException.isInstance(error) || error.status >= 500) await forgetSeen(api.storage.db, conversation.channel, inbound.id)
        throw error
      }
    },
  }
}
