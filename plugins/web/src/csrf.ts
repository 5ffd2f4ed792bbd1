import { timingSafeEqual } from 'node:crypto'
import { escapeHtml, type Chatbot } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import { ChatbotCsrfException } from './errors.js'
import { ensureSession, readSession } from './session.js'
import { webStateOf, type WebState } from './state.js'

/** The header the widget sends, read from the page's `<meta name="csrf-token">`. */
export const CSRF_HEADER = 'x-csrf-token'

/** Methods that change nothing need no token (history is a GET). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function requiresCsrfToken(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase())
}

/** Constant time, so a mismatch does not tell how much of the token was right. */
export function csrfTokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** 419 unless `X-CSRF-TOKEN` equals the token of the request's (readable, unexpired) session. */
export function assertCsrfToken(event: H3Event, state: WebState): void {
  const given = event.req.headers.get(CSRF_HEADER)
  const session = given ? readSession(event, state) : undefined
  if (!given || !session || !csrfTokensMatch(given, session.csrf)) throw new ChatbotCsrfException()
}

export function toCsrfMetaTag(token: string): string {
  return `<meta name="csrf-token" content="${escapeHtml(token)}">`
}

/**
 * The CSRF token of this page's session, starting the session (its cookie) when needed; for
 * hosts that render their own `<head>` instead of `renderWidget().head`. Undefined when the
 * `web` middleware is not in `routeMiddleware` (no session then).
 */
export function csrfToken(event: H3Event, chatbot: Chatbot): string | undefined {
  const state = webStateOf(chatbot)
  return state.active ? ensureSession(event, state).csrf : undefined
}

/** `<meta name="csrf-token" content="…">` for `csrfToken`, or `''` when there is no session. */
export function csrfMetaTag(event: H3Event, chatbot: Chatbot): string {
  const token = csrfToken(event, chatbot)
  return token === undefined ? '' : toCsrfMetaTag(token)
}
