import type { H3, Middleware } from 'h3'
import { ChatbotConfigException } from '../errors/start-up.js'
import type { KernelRuntime } from '../runtime.js'
import type { ChatbotRoute } from './route.js'
import { createRoutes } from './routes/index.js'

/**
 * Mounts the kernel's routes and the plugins' under `config.base`, the stateful ones wrapped by
 * the `routeMiddleware` group. The host's own `middleware` beats a plugin's of the same name.
 */
export function mountRoutes(app: H3, runtime: KernelRuntime, registered: { middleware: Map<string, Middleware>; routes: ChatbotRoute[] }): void {
  const known = new Map([...registered.middleware, ...Object.entries(runtime.config.middleware)])
  const group = runtime.config.routeMiddleware.map((name) => {
    const found = known.get(name)
    if (!found) throw new ChatbotConfigException('routeMiddleware', `no middleware is registered as "${name}" (known: ${[...known.keys()].join(', ') || 'none'})`)
    return found
  })
  for (const route of createRoutes(runtime, group, registered.routes)) app.on(route.method as never, route.path, route.handler)
}
