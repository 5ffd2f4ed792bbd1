import { loadConsola } from '@chatbot-kit/kernel'
import { renderWidgetView } from './render.js'
import { closeNitroChatbot, startNitroChatbot, type ConfigExport } from './instance.js'
import type { NitroEventLike } from './node-event.js'
import { RENDER_WIDGET_VIEW, type RenderWidgetView } from './widget-view.js'

/** The part of Nitro's app the plugin uses (structural: no dependency on the host's types). */
export interface NitroAppLike {
  hooks: {
    hook(name: 'request', listener: (event: NitroEventLike) => void): unknown
    hook(name: 'close', listener: () => Promise<void>): unknown
  }
}

/**
 * The module's Nitro plugin: creates the chatbot at start-up (a failure is logged and the routes
 * answer 503), closes it on Nitro's `close`, and puts `RenderWidgetView` on each request's
 * context for `<ChatbotWidget>`, which renders during Nuxt's server rendering.
 */
export function setupNitroChatbot(nitroApp: NitroAppLike, config: ConfigExport, base: string): void {
  startNitroChatbot(config, base).catch(async (error: unknown) => (await loadConsola()).withTag('chatbot').error('chatbot-kit failed to start:', error))
  nitroApp.hooks.hook('request', (event) => {
    const render: RenderWidgetView = (options) => renderWidgetView(event, options)
    ;(event.context as Record<symbol, unknown>)[RENDER_WIDGET_VIEW] = render
  })
  nitroApp.hooks.hook('close', closeNitroChatbot)
}
