import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { compileAllowlist, isOriginAllowed } from './allowlist.js'
import { ChatbotOriginNotAllowedException } from './errors.js'
import { originOptions } from './options.js'

/**
 * Refuses, with 403 `origin_not_allowed`, a request to a route that knows its channel when it
 * carries an `Origin` header outside the channel's `origins` (an empty list allows any). A request
 * without `Origin` (a server, a same-origin GET) passes: the check is about browsers on other
 * sites. See docs/origins.md.
 */
export function originPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'origin',
    // Before the throttle: a refused foreign page must not spend the visitor's request budget.
    enforce: 'pre',
    options: originOptions,
    setup(api: PluginApi) {
      // Compiled once. A channel name no block declares (a plugin route's own) takes the top-level list.
      const topLevel = compileAllowlist(api.config.origins)
      const byChannel = new Map(Object.keys(api.config.channels).map((name) => [name, compileAllowlist(api.settings(name).origins)]))
      // No list anywhere (the default): every request passes, so no request pays for a listener.
      if (topLevel.length === 0 && [...byChannel.values()].every((rules) => rules.length === 0)) return
      api.hooks.hook('request', ({ event, route, channel }) => {
        if (channel === undefined) return
        const origin = event.req.headers.get('origin')
        const rules = byChannel.get(channel) ?? topLevel
        if (origin === null || rules.length === 0 || isOriginAllowed(rules, origin)) return
        api.logger.debug(`origin: refused ${route} on channel "${channel}" from ${JSON.stringify(origin.slice(0, 200))}.`)
        throw new ChatbotOriginNotAllowedException()
      })
    },
  })
}
