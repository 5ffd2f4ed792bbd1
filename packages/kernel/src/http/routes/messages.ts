import type { H3Event } from 'h3'
import { readJsonObject } from '../../body/index.js'
import type { KernelRuntime } from '../../runtime.js'
import { parseMessageRequest, type MessageRequest } from '../../turn/request.js'
import { startTurn } from '../../turn/start.js'
import { replyResponse } from '../reply-response.js'
import { setRequestBody, setRequestEnvelope } from '../request-envelope.js'
import type { ChatbotRoute } from '../route.js'

const REQUEST = Symbol('chatbot.message-request')

export { CONVERSATION_ID_HEADER } from '../reply-response.js'

/** `POST /messages`: reads the request, runs the turn (`startTurn`) and returns its stream. */
export function messagesRoute(runtime: KernelRuntime): ChatbotRoute {
  return {
    name: 'chatbot.messages',
    method: 'POST',
    path: '/messages',
    stateful: true,
    async prepare(event) {
      // Kept for plugins' `turn:start` (`getRequestBody(turn.event)`): fields of their own, such as `attachments`.
      const request = parseMessageRequest(runtime, setRequestBody(event, await readJsonObject(event)))
      ;(event.context as Record<symbol, MessageRequest>)[REQUEST] = request
      setRequestEnvelope(event, request.envelope)
      return request.envelope.channel
    },
    async handler(event: H3Event) {
      const request = (event.context as Record<symbol, MessageRequest>)[REQUEST]!
      const reply = await startTurn(runtime, { ...request, event }, replyResponse(runtime, event))
      return reply.response
    },
  }
}
