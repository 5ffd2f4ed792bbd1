import { createChannelScope, type ChannelScope } from './channel-scope.js'
import { resolveChannelSettings } from './config/channel-settings.js'
import type { ChannelConfig } from './config/types.js'
import type { ChannelSettings, ResolvedConfig } from './config/resolved.js'
import type { ContextValue } from './turn/types.js'
import type { RenderedWidget, RenderWidgetOptions } from './widget-render.js'
import type { RenderTarget } from './widget-target.js'

/** The channels of one chatbot: runtime scopes (`chatbot.channel(name)`), their contexts, and cached settings. */
export function createChannelRegistry(config: ResolvedConfig) {
  const scopes = new Map<string, { overrides: ChannelConfig; contexts: Map<string, ContextValue> }>()
  const cache = new Map<string, ChannelSettings>()
  const scopeOf = (name: string) => {
    let scope = scopes.get(name)
    if (!scope) scopes.set(name, (scope = { overrides: {}, contexts: new Map() }))
    return scope
  }
  return {
    settings(name: string): ChannelSettings {
      let resolved = cache.get(name)
      if (!resolved) cache.set(name, (resolved = resolveChannelSettings(config, name, scopes.get(name)?.overrides)))
      return resolved
    },
    contexts(name: string): Map<string, ContextValue> | undefined {
      return scopes.get(name)?.contexts
    },
    scope(name: string, render: (target: RenderTarget, options: RenderWidgetOptions) => Promise<RenderedWidget>): ChannelScope {
      const scope = scopeOf(name)
      const override = (patch: ChannelConfig) => {
        Object.assign(scope.overrides, patch)
        cache.delete(name)
      }
      return createChannelScope(name, override, scope.contexts, render)
    },
  }
}
