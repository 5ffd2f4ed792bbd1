import { createHash, timingSafeEqual } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import type { AdminAuthorizer, Chatbot } from '@chatbot-kit/kernel'
import { adminEnabled } from './enabled.js'

type H3Event = Parameters<AdminAuthorizer>[0]

/**
 * `Authorization: Bearer <admin.token>` (compared in constant time), else the host's
 * `authorize(event)`; anything else is UNAUTHORIZED. A widget envelope is never an admin
 * credential: a bearer that verifies as one is refused before the host's check runs.
 */
export async function checkAccess(chatbot: Chatbot, event: H3Event | undefined): Promise<void> {
  if (!(await hasAccess(chatbot, event))) throw unauthorized()
}

/** The same check as `checkAccess`, answered rather than thrown (NOT_FOUND still throws while the API is off). */
export async function hasAccess(chatbot: Chatbot, event: H3Event | undefined): Promise<boolean> {
  if (!adminEnabled(chatbot)) throw new TRPCError({ code: 'NOT_FOUND', message: 'The admin API is off.' })
  return event !== undefined && (await isAllowed(chatbot, event))
}

/** What a request without access is told, whatever it asked for. */
export const unauthorized = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'An admin token or the host’s authorization is required.' })

/** Whether the request carries the admin token or passes the host's `authorize` check (never a widget envelope). */
export async function isAllowed(chatbot: Chatbot, event: H3Event): Promise<boolean> {
  const bearer = readBearer(event.req.headers.get('authorization'))
  if (bearer !== undefined && isEnvelope(chatbot, bearer)) return false
  const token = chatbot.config.admin.token
  if (token && bearer !== undefined && safeEqual(bearer, token)) return true
  return chatbot.authorizer ? (await chatbot.authorizer(event)) === true : false
}

function readBearer(header: string | null): string | undefined {
  const match = header && /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
  return match ? match[1] : undefined
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function safeEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function isEnvelope(chatbot: Chatbot, token: string): boolean {
  try {
    chatbot.verifyEnvelope(token)
    return true
  } catch {
    return false
  }
}
