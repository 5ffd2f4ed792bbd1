import type { Chatbot } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import { conversationCookieName } from './cookies/names.js'
import { webStateOf, type WebState } from './state.js'

/** Set on each messages response: one encryption per message, nothing per token. */
export function writeConversationCookie(event: H3Event, state: WebState, channel: string, conversationId: string): void {
  state.cookies.write(event, conversationCookieName(channel), conversationId, state.conversationTtl)
}

/** At page render: a cookie of the channel that does not decrypt is dropped; the next message sets it again. */
export function dropUnreadableConversationCookie(event: H3Event, state: WebState, channel: string): void {
  const name = conversationCookieName(channel)
  if (state.cookies.raw(event, name) !== undefined && !state.cookies.read(event, name)) state.cookies.drop(event, name)
}

/**
 * The public id of the channel's current conversation from `chatbot_conversation_{channel}`, for
 * host pages that link to it. Undefined without the cookie, or when `web` is not in
 * `routeMiddleware`. Not a proof of ownership: the history route checks the envelope.
 */
export function currentConversationId(event: H3Event, chatbot: Chatbot, channel = 'default'): string | undefined {
  const state = webStateOf(chatbot)
  return state.active ? state.cookies.read(event, conversationCookieName(channel))?.value : undefined
}
