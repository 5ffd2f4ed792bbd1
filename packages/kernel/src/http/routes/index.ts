import type { Middleware } from 'h3'
import { ChatbotNotFoundException } from '../../errors/index.js'
import type { KernelRuntime } from '../../runtime.js'
import { withHeadAndOptions } from '@chatbot-kit/http'
import { errorResponse, SECURITY_HEADERS } from '../respond.js'
import { toRouteHandler, type ChatbotRoute } from '../route.js'
import { healthRoute } from './health.js'
import { historyRoute } from './history.js'
import { messagesRoute } from './messages.js'
import { widgetRoute } from './widget.js'

/** The spec's routes under `config.base`, each wrapped by the shared route runner, with HEAD and OPTIONS. */
export function createRoutes(runtime: KernelRuntime, middleware: Middleware[], extra: ChatbotRoute[] = []) {
  const routes: ChatbotRoute[] = [messagesRoute(runtime), historyRoute(runtime), healthRoute(runtime), widgetRoute(runtime), ...extra]
  const handlers = withHeadAndOptions(
    routes.map((route) => ({
      method: route.method as string,
      path: `${runtime.config.base}${route.path}`,
      handler: toRouteHandler(route, { hooks: runtime.hooks, middleware, logger: runtime.logger, debug: runtime.debug }),
    })),
    SECURITY_HEADERS,
  )
  // Anything else under the base gets the contract's error body rather than h3's.
  const notFound = () => errorResponse(new ChatbotNotFoundException('No such route.'))
  return [...handlers, { method: '', path: runtime.config.base, handler: notFound }, { method: '', path: `${runtime.config.base}/**`, handler: notFound }]
}
