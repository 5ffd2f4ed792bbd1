import { getRequestEnvelope } from '@chatbot-kit/kernel'
import type { Middleware } from 'h3'
import { writeConversationCookie } from './conversation-cookie.js'
import { assertCsrfToken, requiresCsrfToken } from './csrf.js'
import { assertGuestCookie } from './guest.js'
import type { WebState } from './state.js'

/** The header of a messages response naming its conversation. */
const CONVERSATION_HEADER = 'x-chatbot-conversation-id'

/**
 * The `web` route middleware: CSRF on unsafe methods (419), then the guest-cookie cross-check
 * (403), then, on a messages response, the channel's conversation cookie. It runs after the
 * kernel verified the envelope, and takes no identity from the session.
 */
export function createWebMiddleware(state: WebState): Middleware {
  return async (event, next) => {
    if (requiresCsrfToken(event.req.method)) assertCsrfToken(event, state)
    const envelope = getRequestEnvelope(event)
    if (envelope?.gid !== undefined) assertGuestCookie(event, state, envelope.gid)
    const response = await next()
    // h3 merges cookies set on the event into a returned 2xx Response, SSE bodies included.
    const conversationId = response instanceof Response ? response.headers.get(CONVERSATION_HEADER) : null
    if (envelope && conversationId) writeConversationCookie(event, state, envelope.channel, conversationId)
    return response
  }
}
