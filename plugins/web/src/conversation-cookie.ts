import type { Chatbot, Turn } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import { conversationCookieName } from './cookies/names.js'
import { passedWebMiddleware } from './middleware.js'
import { webStateOf, type WebState } from './state.js'

/**
 * `turn:start`: the channel's conversation cookie, once per message (one encryption, nothing per
 * token). Set before anything streams, on the event: h3 merges it into the 2xx stream response and
 * drops it from an error response, so a refused turn leaves no cookie naming a deleted conversation.
 */
export function createConversationCookieHook(state: WebState) {
  return (turn: Turn): void => {
    if (!passedWebMiddleware(turn.event)) return
    state.cookies.write(turn.event, conversationCookieName(turn.channel), turn.conversation.publicId, state.conversationTtl)
  }
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
