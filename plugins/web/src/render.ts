import type { WidgetRenderContext } from '@chatbot-kit/kernel'
import { dropUnreadableConversationCookie } from './conversation-cookie.js'
import { toCsrfMetaTag } from './csrf.js'
import { guestIdFor } from './guest.js'
import { ensureSession } from './session.js'
import type { WebState } from './state.js'

/**
 * `widget:render`: a visitor the host did not identify gets the guest id of the
 * `chatbot_guest_id` cookie; under `web`, the page also gets the session and its CSRF meta tag.
 */
export function createRenderHook(state: WebState) {
  return (context: WidgetRenderContext): void => {
    const { event, claims } = context
    if (claims.userId === undefined && claims.guestId === undefined) claims.guestId = guestIdFor(event, state)
    if (!state.active) return
    context.head.push(toCsrfMetaTag(ensureSession(event, state).csrf))
    dropUnreadableConversationCookie(event, state, context.channel)
  }
}
