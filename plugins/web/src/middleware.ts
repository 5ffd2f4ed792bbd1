import { getRequestEnvelope } from '@chatbot-kit/kernel/plugin'
import type { H3Event, Middleware } from 'h3'
import { assertCsrfToken, requiresCsrfToken } from './csrf.js'
import { assertGuestCookie } from './guest.js'
import type { WebState } from './state.js'

const PASSED = Symbol.for('chatbot-kit.web.middleware-passed')

/**
 * The `web` route middleware: CSRF on unsafe methods (419), then the guest-cookie cross-check
 * (403). It runs after the kernel verified the envelope, and takes no identity from the session.
 */
export function createWebMiddleware(state: WebState): Middleware {
  return (event, next) => {
    if (requiresCsrfToken(event.req.method)) assertCsrfToken(event, state)
    const envelope = getRequestEnvelope(event)
    if (envelope?.gid !== undefined) assertGuestCookie(event, state, envelope.gid)
    ;(event.context as Record<symbol, boolean>)[PASSED] = true
    return next()
  }
}

/** The request went through the `web` middleware (not when a host's own `web` replaced it). */
export function passedWebMiddleware(event: H3Event): boolean {
  return (event.context as Record<symbol, boolean | undefined>)[PASSED] === true
}
