import type { H3Event, Middleware } from 'h3'
import type { Hookable } from 'hookable'
import type { ConsolaInstance } from 'consola'
import type { ChatbotHooks } from '../hooks.js'
import { errorResponse, toChatbotException } from './respond.js'

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
  hooks: Hookable<ChatbotHooks>
  middleware: Middleware[]
  logger: ConsolaInstance
  debug: boolean
}

/**
 * Every route runs the same way: prepare (body, envelope) → `request` hook (throttle) →
 * route middleware (stateful routes only) → handler. A thrown `ChatbotException` becomes
 * the contract's JSON error body with its status.
 */
export function toRouteHandler(route: ChatbotRoute, runtime: RouteRuntime) {
  const chain = route.stateful ? runtime.middleware : []
  return async (event: H3Event): Promise<unknown> => {
    try {
      const channel = route.prepare ? await route.prepare(event) : undefined
      await runtime.hooks.callHook('request', { event, route: route.name, channel })
      return await runChain(chain, event, () => route.handler(event))
    } catch (error) {
      return errorResponse(toChatbotException(error, runtime.logger), runtime.debug)
    }
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
