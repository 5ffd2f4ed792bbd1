import type { RenderedWidget, RenderWidgetOptions } from '@chatbot-kit/kernel'
import { csrfToken } from '@chatbot-kit/plugin-web'
import { useChatbot } from './instance.js'
import { copyCookies, toChatbotEvent, type NitroEventLike } from './node-event.js'
import { elementAttributes, type WidgetView } from './widget-view.js'

/**
 * `chatbot.renderWidget` for a Nitro page handler (auto-imported in server code): the envelope
 * for the user `identify(event)` returns, else a guest, and the head, script and element tags.
 * The cookies it needs (session, guest id) are set on the page's response.
 */
export async function renderChatbotWidget(event: NitroEventLike, options: RenderWidgetOptions = {}): Promise<RenderedWidget> {
  return (await render(event, options)).rendered
}

/** The same, as the data `<ChatbotWidget>` renders from. */
export async function renderWidgetView(event: NitroEventLike, options: RenderWidgetOptions = {}): Promise<WidgetView> {
  const { rendered, csrf } = await render(event, options)
  return {
    attributes: elementAttributes(rendered.element),
    script: elementAttributes(rendered.script).src!,
    ...(csrf ? { csrfToken: csrf } : {}),
  }
}

async function render(event: NitroEventLike, options: RenderWidgetOptions) {
  const chatbot = await useChatbot()
  const chatbotEvent = toChatbotEvent(event)
  const rendered = await chatbot.renderWidget(chatbotEvent, options)
  // The session `renderWidget` started (web middleware); undefined without it.
  const csrf = csrfToken(chatbotEvent, chatbot)
  copyCookies(chatbotEvent, event.node.res)
  return { rendered, csrf }
}
