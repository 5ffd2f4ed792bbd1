import { randomBytes } from 'node:crypto'
import type { H3Event } from 'h3'
import { SESSION_COOKIE } from './cookies/names.js'
import type { WebState } from './state.js'

/** The sealed session: it holds the CSRF token and never an identity (identity is the envelope's). */
export interface WebSession {
  csrf: string
  /** Expiry, in seconds since the epoch; the cookie's Max-Age says the same to the browser. */
  exp: number
}

const STARTED = Symbol.for('chatbot-kit.web.session')
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** The request's session, or undefined when it has none, or one that is unreadable or expired. */
export function readSession(event: H3Event, state: WebState): (WebSession & { stale: boolean }) | undefined {
  const opened = state.cookies.read(event, SESSION_COOKIE)
  if (!opened) return undefined
  let data: unknown
  try {
    data = JSON.parse(opened.value)
  } catch {
    return undefined
  }
  const { csrf, exp } = (data ?? {}) as Partial<WebSession>
  if (typeof csrf !== 'string' || csrf === '' || typeof exp !== 'number' || !Number.isSafeInteger(exp) || exp <= nowSeconds()) return undefined
  return { csrf, exp, stale: opened.stale }
}

/**
 * At page render: the request's session, started when missing or unreadable (an unreadable
 * cookie is replaced, once), re-issued with the same token past half its lifetime or when sealed
 * with a previous key. Once per request, so a page with two widgets sets one cookie.
 */
export function ensureSession(event: H3Event, state: WebState): WebSession {
  const context = event.context as Record<symbol, WebSession | undefined>
  const started = context[STARTED]
  if (started) return started
  const now = nowSeconds()
  const current = readSession(event, state)
  let session: WebSession
  if (current && !current.stale && current.exp - now >= state.sessionLifetime / 2) {
    session = { csrf: current.csrf, exp: current.exp }
  } else {
    session = { csrf: current?.csrf ?? randomBytes(32).toString('base64url'), exp: now + state.sessionLifetime }
    state.cookies.write(event, SESSION_COOKIE, JSON.stringify(session), state.sessionLifetime)
  }
  context[STARTED] = session
  return session
}
