import { resolveResponse } from '@trpc/server/http'
import type { Chatbot } from '@chatbot-kit/kernel'
import { isAllowed, unauthorized } from './access.js'
import { adminRouter, adminRouterOf } from './router.js'
import type { AdminEvent } from './trpc.js'

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '')

/** What a request without access may still ask: whether it is signed in (the console's first call). */
const OPEN_TO_ALL = 'session'

/**
 * One request to the admin API at `endpoint`: tRPC's fetch adapter, but with access checked
 * first, once per request. A request without it gets UNAUTHORIZED for every call, whatever path it
 * names (but `session`, which answers `{ signedIn: false }`), so it learns nothing of which
 * procedures (which plugins) the server has.
 */
export async function serveAdminRequest(chatbot: Chatbot, event: AdminEvent, endpoint: string): Promise<Response> {
  const path = trimSlashes(trimSlashes(new URL(event.req.url).pathname).slice(trimSlashes(endpoint).length))
  const allowed = await isAllowed(chatbot, event)
  const open = !allowed && path.split(',').every((name) => name === OPEN_TO_ALL)
  return resolveResponse({
    // A refused request loads none of the plugins' procedures.
    router: allowed ? await adminRouterOf(chatbot) : adminRouter,
    req: event.req,
    path,
    // The endpoint itself names no procedure: NOT_FOUND, as for anyone.
    error: allowed || open || path === '' ? null : unauthorized(),
    // Checked above: the procedures need not run the host's check again.
    createContext: async () => ({ chatbot, event, trusted: allowed }),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') chatbot.logger.error(`Admin procedure ${path ?? '?'} failed:`, error.cause ?? error)
    },
  })
}
