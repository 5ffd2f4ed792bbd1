import { type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestBody, getRequestEnvelope, prepareBodyEnvelope } from '@chatbot-kit/kernel/plugin'
import { getRouterParam, type H3Event } from 'h3'
import { decideApproval, findApproval } from '../storage/tool-approvals.repository.js'
import { continuationState } from './continuation.js'
import { readDecisions } from './decisions.js'
import { ChatbotApprovalDecidedException, ChatbotApprovalExpiredException, ChatbotApprovalNotFoundException } from './errors.js'
import { readTranscript } from './transcript.js'


/**
 * `POST /conversations/:id/approvals/:approval_id`, body `{ signed_context, decision }` or
 * `{ signed_context, decisions }`, optional `comment`: records the owner's decision once (409
 * after that, 410 once expired), then continues the paused turn as a new streamed reply under a
 * message's limits. In the route-middleware group, so CSRF applies. Contract §9.2.
 */
export function approvalsRoute(api: PluginApi): ChatbotRoute {
  return {
    name: 'chatbot.conversations.approvals',
    method: 'POST',
    path: '/conversations/:id/approvals/:approval',
    stateful: true,
    prepare: (event) => prepareBodyEnvelope((token) => api.verifyRequestEnvelope(token), event),
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const body = getRequestBody(event)!
      const conversation = await api.ownedConversation(getRouterParam(event, 'id', { decode: true }) ?? '', envelope)
      const approval = await findApproval(api.storage.db, getRouterParam(event, 'approval', { decode: true }) ?? '')
      if (!approval || approval.conversationId !== conversation.id) throw new ChatbotApprovalNotFoundException()
      if (approval.decidedAt !== null) throw new ChatbotApprovalDecidedException()
      if (Date.parse(approval.expiresAt) <= Date.now()) throw new ChatbotApprovalExpiredException()
      const { decisions, comment } = readDecisions(body, approval.calls)
      const transcript = readTranscript(approval.transcript)
      return api.continueTurn(event, {
        envelope,
        conversation,
        messages: transcript.messages,
        omitMessageId: approval.messageId,
        toolCalls: transcript.toolCalls,
        state: continuationState({ approval, transcript, decisions }),
        // Recorded once throttle and the prompt let the turn go on; a racing decision loses here (409).
        beforeStream: async () => {
          const decidedBy = { userId: envelope.uid ?? null, guestId: envelope.uid === undefined ? (envelope.gid ?? null) : null }
          if (!(await decideApproval(api.storage.db, approval.publicId, { decisions, decidedBy, comment, decidedAt: new Date() }))) throw new ChatbotApprovalDecidedException()
        },
      })
    },
  }
}
