import { json, type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestEnvelope, prepareBodyEnvelope } from '@chatbot-kit/kernel/plugin'
import { getRouterParam, type H3Event } from 'h3'
import type { LocalReplies } from '../drafts/local-replies.js'
import type { ReplyLog } from '../log/types.js'
import { stopReply } from './stop-reply.js'

/**
 * `POST /conversations/:id/stop`, body `{ signed_context }`: stops the conversation's reply in
 * progress on whichever instance runs it. 200 `{ stopped: true, message_id }` once it ended with
 * `done` `finish_reason: "stopped"`, else `{ stopped: false }`. History's identity rules; in
 * the route-middleware group, so CSRF applies.
 */
export function stopRoute(api: PluginApi, log: ReplyLog, replies: LocalReplies): ChatbotRoute {
  return {
    name: 'chatbot.conversations.stop',
    method: 'POST',
    path: '/conversations/:id/stop',
    stateful: true,
    prepare: (event) => prepareBodyEnvelope((token) => api.verifyRequestEnvelope(token), event),
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const conversation = await api.ownedConversation(getRouterParam(event, 'id', { decode: true }) ?? '', envelope)
      const replyId = await log.latest(conversation.publicId)
      return json(replyId ? await stopReply(log, replies, replyId) : { stopped: false })
    },
  }
}
