import { type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestEnvelope } from '@chatbot-kit/kernel/plugin'
import { getQuery, getRouterParam, type H3Event } from 'h3'
import type { ReplyLog } from '../log/types.js'
import { followReply } from './follow-reply.js'
import { readLastEventId } from './last-event-id.js'
import { noContent, prepareEnvelope } from './request-envelope.js'

/** Past `streamDuration`, a reply that sends nothing is dead; a follower waits this much longer. */
const IDLE_MARGIN_SECONDS = 60

/**
 * `GET /conversations/:id/stream`: the conversation's latest reply, in progress or ended within
 * `stream.resumeWindow`, from after `Last-Event-ID` (all of it when none, or when the id names
 * another reply), then live until it ends. 204 when there is none. History's identity rules.
 */
export function streamRoute(api: PluginApi, log: ReplyLog): ChatbotRoute {
  const idleLimitMs = (api.config.streamDuration + IDLE_MARGIN_SECONDS) * 1000
  return {
    name: 'chatbot.conversations.stream',
    method: 'GET',
    path: '/conversations/:id/stream',
    stateful: true,
    prepare: (event) => prepareEnvelope(api, event, getQuery(event).signed_context, 'query parameter'),
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const lastEventId = readLastEventId(event)
      const conversation = await api.ownedConversation(getRouterParam(event, 'id', { decode: true }) ?? '', envelope)
      const replyId = await log.latest(conversation.publicId)
      if (!replyId) return noContent()
      const afterSeq = lastEventId?.replyId === replyId ? lastEventId.seq : 0
      return followReply(api, log, event, replyId, afterSeq, idleLimitMs)
    },
  }
}
