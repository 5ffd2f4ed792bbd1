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
    // h3 merges cookies set on the event into a returned 2xx response, SSE bodies included. On
    // Node's server the stream comes back as h3's HTTPResponse, elsewhere as a Response: both have Headers.
    const conversationId = responseHeaders(response)?.get(CONVERSATION_HEADER)
    if (envelope && conversationId) writeConversationCookie(event, state, envelope.channel, conversationId)
    return response
  }
}

function responseHeaders(response: unknown): Headers | undefined {
  const headers = (response as { headers?: unknown } | null | undefined)?.headers
  return headers instanceof Headers ? headers : undefined
}
