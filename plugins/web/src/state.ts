import type { Chatbot, ResolvedConfig } from '@chatbot-kit/kernel'
import { createCookieCipher } from './cookies/cipher.js'
import { createEncryptedCookies, type EncryptedCookies } from './cookies/encrypted-cookies.js'
import type { ResolvedWebOptions } from './options.js'

/** What the middleware, the render hook and the host helpers share for one chatbot. */
export interface WebState {
  /** `web` is in `routeMiddleware`: sessions, encryption and the guest cross-check are on. */
  readonly active: boolean
  readonly cookies: EncryptedCookies
  readonly sessionLifetime: number
  /** Max-Age of `chatbot_conversation_{channel}`: a conversation rolls over after `conversationTtl` anyway. */
  readonly conversationTtl: number
}

const states = new WeakMap<Chatbot, WebState>()

/** Kept under the host's facade: the host helpers (`csrfToken`, `currentConversationId`) are given it. */
export function createWebState(chatbot: Chatbot, config: ResolvedConfig, options: ResolvedWebOptions): WebState {
  const state: WebState = {
    active: config.routeMiddleware.includes('web'),
    cookies: createEncryptedCookies(createCookieCipher({ appKey: config.appKey, previousKeys: config.appKeyPrevious }), options.secureCookies),
    sessionLifetime: options.sessionLifetime,
    conversationTtl: config.conversationTtl,
  }
  states.set(chatbot, state)
  return state
}

/** The state of a chatbot that runs the web plugin (for the helpers hosts call). */
export function webStateOf(chatbot: Chatbot): WebState {
  const state = states.get(chatbot)
  if (!state) throw new TypeError('This chatbot does not run the web plugin (webPlugin() from @chatbot-kit/plugin-web).')
  return state
}
