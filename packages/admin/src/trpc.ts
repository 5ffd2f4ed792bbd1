import { initTRPC, TRPCError } from '@trpc/server'
import { ChatbotException, type AdminAuthorizer, type Chatbot } from '@chatbot-kit/kernel'

/** The h3 event of an admin request, as the host's `authorize` check gets it. */
export type AdminEvent = Parameters<AdminAuthorizer>[0]
import { checkAccess } from './access.js'

/**
 * What every admin procedure sees. Over HTTP, `event` is the request (its `Authorization` header
 * or the host's `authorize` check decides). `trusted` skips the check: in-process callers
 * (`createAdminCaller`, the CLI) already hold the chatbot, and the admin route checks each request
 * once, before its calls run (http.ts). A host's own adapter leaves it unset.
 */
export interface AdminContext {
  chatbot: Chatbot
  event?: AdminEvent
  trusted?: boolean
}

// No transformer: plain JSON, so any HTTP client can call the API (contract §8).
// `isDev: false` whatever NODE_ENV says: a stack (with file paths) reaches an error body only
// when the server runs under `chatbot dev` (contract §10).
const t = initTRPC.context<AdminContext>().create({
  isDev: false,
  errorFormatter: ({ shape, error, ctx }) => (ctx?.chatbot.debug && error.stack ? { ...shape, data: { ...shape.data, stack: error.stack } } : shape),
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

const STATUS_TO_CODE: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'BAD_REQUEST',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
  503: 'SERVICE_UNAVAILABLE',
}

/** A procedure with no access check: only `session`, which tells whether the request has access. */
export const publicProcedure = t.procedure

/** Every admin procedure: access first, then the kernel's typed errors as tRPC codes. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.trusted) await checkAccess(ctx.chatbot, ctx.event)
  const result = await next()
  if (!result.ok && ChatbotException.isInstance(result.error.cause)) {
    const cause = result.error.cause
    const code = STATUS_TO_CODE[cause.status]
    if (code) throw new TRPCError({ code, message: cause.message, cause })
  }
  return result
})
