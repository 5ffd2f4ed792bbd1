import { HTTPResponse, type H3Event, type Middleware } from 'h3'
import type { ConsolaInstance } from 'consola'
import type { KernelHooks } from '../hookable.js'
import type { RefusalContext } from '../hooks.js'
import { toChatbotException } from '../errors/to-exception.js'
import { errorResponse, SECURITY_HEADERS } from './respond.js'

export interface ChatbotRoute {
  /** The spec's route name, e.g. `chatbot.messages`. */
  name: string
  method: 'GET' | 'POST'
  /** Path under the base, e.g. `/messages`. */
  path: string
  /** Wrapped by the `routeMiddleware` group (messages, history, test fixture). */
  stateful: boolean
  /** Reads what the route needs before anything else runs and returns its channel, if any. */
  prepare?: (event: H3Event) => Promise<string | undefined> | string | undefined
  handler: (event: H3Event) => unknown
}

export interface RouteRuntime {
  hooks: KernelHooks
  middleware: Middleware[]
  logger: ConsolaInstance
  debug: boolean
}

/**
 * Every route runs the same way: prepare (body, envelope) → `request` hook (throttle) →
 * route middleware (stateful routes only) → handler. A thrown `ChatbotException` becomes
 * the contract's JSON error body with its status. Whatever comes out carries `SECURITY_HEADERS`.
 */
export function toRouteHandler(route: ChatbotRoute, runtime: RouteRuntime) {
  const chain = route.stateful ? runtime.middleware : []
  return async (event: H3Event): Promise<unknown> => {
    let channel: string | undefined
    try {
      channel = route.prepare ? await route.prepare(event) : undefined
      await runtime.hooks.callHook('request', { event, route: route.name, channel })
      return withSecurityHeaders(event, await runChain(chain, event, () => route.handler(event)))
    } catch (error) {
      const failure = toChatbotException(error, runtime.logger)
      // An upload the client abandoned is routine: nobody reads this answer.
      if (failure.code() === 'client_closed') runtime.logger.debug(`${route.name}: the client closed the connection mid-request.`)
      reportRefusal(runtime, { event, route: route.name, channel, error: failure })
      return errorResponse(failure, runtime.debug)
    }
  }
}

/** `request:refused`, synchronously: a listener that throws is logged and never changes the answer. */
function reportRefusal(runtime: RouteRuntime, refusal: RefusalContext): void {
  runtime.hooks.callSync('request:refused', [refusal], (error) => runtime.logger.error('A request:refused listener failed:', error))
}

function withSecurityHeaders(event: H3Event, result: unknown): unknown {
  const isResponse = result instanceof Response || result instanceof HTTPResponse
  // A plain value (a plugin route's object) becomes a response later, with the event's headers.
  const headers = isResponse ? result.headers : event.res.headers
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value)
    return result
  } catch {
    // A response passed through from `fetch` has immutable headers: copy it.
    const copy = result as Response
    const merged = new Headers(copy.headers)
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) merged.set(name, value)
    return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers: merged })
  }
}

async function runChain(chain: Middleware[], event: H3Event, handler: () => unknown): Promise<unknown> {
  const dispatch = async (index: number): Promise<unknown> => {
    if (index === chain.length) return handler()
    let downstream: Promise<unknown> | undefined
    const next = () => (downstream ??= dispatch(index + 1))
    const result = await chain[index]!(event, next as never)
    if (result !== undefined) return result
    return downstream ?? next()
  }
  return dispatch(0)
}
