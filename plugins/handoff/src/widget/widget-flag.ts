import type { PluginApi, WidgetRenderContext } from '@chatbot-kit/kernel'

/**
 * `widget:render`: on a channel with handoff, the element gets the `handoff` attribute, which
 * makes the widget load its handoff UI (`handoff.js`); other pages never download it.
 */
export function markHandoffWidget(api: PluginApi) {
  return (context: WidgetRenderContext): void => {
    if (api.settings(context.channel).handoff?.enabled) context.attributes.handoff = ''
  }
}
