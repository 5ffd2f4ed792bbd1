/** The guest id; the envelope's `gid` must equal it under the `web` middleware. */
export const GUEST_COOKIE = 'chatbot_guest_id'

/** The sealed session that holds the CSRF token. */
export const SESSION_COOKIE = 'chatbot_session'

/**
 * `chatbot_conversation_{channel}`: the channel's current conversation. Parentheses are the only
 * characters a channel name may plausibly hold that a cookie name may not, once URI-encoded.
 */
export function conversationCookieName(channel: string): string {
  return `chatbot_conversation_${encodeURIComponent(channel).replace(/[()]/g, (char) => (char === '(' ? '%28' : '%29'))}`
}
