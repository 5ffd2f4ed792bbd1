import { randomUUID } from 'node:crypto'
import { ChatbotForbiddenException } from '@chatbot-kit/kernel'
import { isUuid } from '@chatbot-kit/kernel/plugin'
import type { H3Event } from 'h3'
import { GUEST_COOKIE } from './cookies/names.js'
import type { WebState } from './state.js'

/** Long enough that a returning guest finds their conversations (browsers cap cookies at 400 days). */
export const GUEST_COOKIE_MAX_AGE = 365 * 86_400

const RESOLVED = Symbol.for('chatbot-kit.web.guest-id')

/**
 * At page render, for a visitor the host did not identify: the guest id of the cookie, or a new
 * one set as the cookie. Under `web` the cookie is encrypted and one that does not decrypt (a
 * plaintext id from before, a tampered value) is replaced once. Under `routeMiddleware: []`
 * nothing is encrypted: the cookie holds the id itself and only a UUID is taken from it.
 * Once per request, so two widgets on one page share one guest.
 */
export function guestIdFor(event: H3Event, state: WebState): string {
  const context = event.context as Record<symbol, string | undefined>
  const resolved = context[RESOLVED]
  if (resolved) return resolved
  let id: string
  if (state.active) {
    const opened = state.cookies.read(event, GUEST_COOKIE)
    id = opened?.value ?? randomUUID()
    if (!opened || opened.stale) state.cookies.write(event, GUEST_COOKIE, id, GUEST_COOKIE_MAX_AGE)
  } else {
    const raw = state.cookies.raw(event, GUEST_COOKIE)
    // Only the form randomUUID writes (lower case): any other value is replaced.
    id = isUuid(raw) && raw === raw.toLowerCase() ? raw : randomUUID()
    if (id !== raw) state.cookies.writePlain(event, GUEST_COOKIE, id, GUEST_COOKIE_MAX_AGE)
  }
  context[RESOLVED] = id
  return id
}

/**
 * 403 unless the guest cookie decrypts to the envelope's guest id. Fails closed: a guest
 * envelope with no cookie, or one that does not decrypt, is refused like a mismatch.
 */
export function assertGuestCookie(event: H3Event, state: WebState, guestId: string): void {
  if (state.cookies.read(event, GUEST_COOKIE)?.value !== guestId) {
    throw new ChatbotForbiddenException('The guest cookie does not match the signed context.')
  }
}
