// `chatbot-kit/nitro/runtime`: what the Nitro and Nuxt modules run inside the server. It stays a
// node_modules import (one copy, and chatbot-kit's own `h3` v2), which the module's virtual
// plugin and route handler import.
export { setupNitroChatbot, type NitroAppLike } from './setup.js'
export { useChatbot, type ConfigExport } from './instance.js'
export { handleChatbotRequest } from './handle.js'
export { renderChatbotWidget, renderWidgetView } from './render.js'
export type { NitroEventLike } from './node-event.js'
export { RENDER_WIDGET_VIEW, type WidgetView, type RenderWidgetView } from './widget-view.js'
