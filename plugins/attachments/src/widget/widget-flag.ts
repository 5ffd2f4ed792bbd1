import type { PluginApi, WidgetRenderContext } from '@chatbot-kit/kernel'
import { settingsOf } from '../settings.js'

/**
 * `widget:render`: on a channel with attachments, the element gets the `attachments` attribute,
 * the limits the attach UI checks before uploading (`{"maxFiles":4,"types":[…]}`); it makes the
 * widget load that UI (`attachments.js`), which other pages never download.
 */
export function markAttachmentsWidget(api: PluginApi) {
  return (context: WidgetRenderContext): void => {
    const settings = settingsOf(api, context.channel)
    if (settings.enabled) context.attributes.attachments = JSON.stringify({ maxFiles: settings.maxFiles, types: settings.types })
  }
}
