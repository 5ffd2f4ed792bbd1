import type { RenderedWidget, RenderWidgetOptions } from '@chatbot-kit/kernel'
import { useChatbot } from './instance.js'
import { rememberHostEvent, type NitroEventLike } from './node-event.js'
import { elementAttributes, type WidgetView } from './widget-view.js'

/**
 * `chatbot.renderWidget` for a Nitro page handler (auto-imported in server code): the envelope
 * for the user `identify(event)` returns, else a guest, and the head, script and element tags.
 * The cookies it needs (session, guest id) are set on the page's response.
 */
export async function renderChatbotWidget(event: NitroEventLike, options: RenderWidgetOptions = {}): Promise<RenderedWidget> {
  const chatbot = await useChatbot()
  return chatbot.renderWidget(rememberHostEvent(event), options)
}

/** The same, as the data `<ChatbotWidget>` renders from. */
export async function renderWidgetView(event: NitroEventLike, options: RenderWidgetOptions = {}): Promise<WidgetView> {
  const rendered = await renderChatbotWidget(event, options)
  // Under the `web` middleware the head holds the session's CSRF meta tag; nothing without it.
  const csrf = elementAttributes(rendered.head.match(/<meta name="csrf-token"[^>]*>/)?.[0] ?? '').content
  return {
    attributes: elementAttributes(rendered.element),
    script: elementAttributes(rendered.script).src!,
    ...(csrf ? { csrfToken: csrf } : {}),
  }
}
