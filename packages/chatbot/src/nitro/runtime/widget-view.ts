import type { RenderWidgetOptions } from '@chatbot-kit/kernel'

/**
 * What `<ChatbotWidget>` needs from server rendering, as data rather than HTML so that Vue renders
 * the same element on the server and when hydrating: the element's attributes (the envelope
 * among them), the script's address and, under the `web` middleware, the page's CSRF token.
 */
export interface WidgetView {
  attributes: Record<string, string>
  script: string
  csrfToken?: string
}

/** Renders the widget for the request it is attached to. */
export type RenderWidgetView = (options: RenderWidgetOptions) => Promise<WidgetView>

/**
 * Where the module's Nitro plugin puts `RenderWidgetView` on each request's `event.context`. A
 * registered symbol, so the Vue component and the server runtime (separate bundles) agree on it
 * without the component importing server code.
 */
export const RENDER_WIDGET_VIEW = Symbol.for('chatbot-kit.nitro.render-widget-view')

const ATTRIBUTE = /\s([^\s="]+)="([^"]*)"/g

/** The attributes of the `<chatbot-widget …>` tag `renderWidget` writes (values are `&#N;`-escaped). */
export function elementAttributes(element: string): Record<string, string> {
  const tag = element.slice(0, element.indexOf('>'))
  const attributes: Record<string, string> = {}
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) {
    attributes[name!] = value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
  }
  return attributes
}
