import { randomUUID } from 'node:crypto'
import type { EnvelopeClaims } from './envelope/index.js'
import type { Hookable } from 'hookable'
import type { ResolvedConfig } from './config/index.js'
import type { ChatbotHooks, WidgetRenderContext } from './hooks.js'
import { renderEventOf, renderHeaders, type RenderTarget } from './widget-target.js'

export interface RenderWidgetOptions {
  channel?: string
  /** The host route name bound into the envelope; defaults to the request path. */
  route?: string
  title?: string
  position?: 'bottom-right' | 'bottom-left' | 'inline'
}

export interface RenderedWidget {
  envelope: string
  /** Tags for `<head>` added by plugins (e.g. the CSRF meta tag). */
  head: string
  script: string
  element: string
  /** `head` + `script` + `element`, for pages that render it in one place. */
  html: string
  /**
   * What the page's response must carry: the `Set-Cookie` lines of the session and guest
   * cookies. Already set on an h3 event's response and on Node's `res`; a host that rendered
   * for a web `Request` copies them onto the `Response` it builds.
   */
  headers: Headers
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** What `renderWidget` does: identify, let plugins add to the page, mint, render. */
export async function renderWidget(
  deps: { config: ResolvedConfig; hooks: Hookable<ChatbotHooks>; mint: (claims: EnvelopeClaims) => string },
  target: RenderTarget,
  options: RenderWidgetOptions,
): Promise<RenderedWidget> {
  const event = renderEventOf(target)
  const channel = options.channel ?? 'default'
  const identity = await deps.config.identify?.(event)
  const claims: EnvelopeClaims = { route: options.route ?? event.url.pathname, channel, ...(identity?.userId ? { userId: identity.userId } : {}) }
  const context: WidgetRenderContext = { event, channel, claims, head: [], attributes: {} }
  await deps.hooks.callHook('widget:render', context)
  if (!claims.userId && !claims.guestId) claims.guestId = randomUUID()
  const envelope = deps.mint(claims)
  const attributes: Record<string, string> = {
    channel,
    'signed-context': envelope,
    ...(options.title ? { title: options.title } : {}),
    ...(options.position ? { position: options.position } : {}),
    ...context.attributes,
  }
  const attributeText = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('')
  const head = context.head.join('\n')
  const script = `<script type="module" src="${escapeHtml(deps.config.base)}/widget.js"></script>`
  const element = `<chatbot-widget${attributeText}></chatbot-widget>`
  return { envelope, head, script, element, html: [head, script, element].filter(Boolean).join('\n'), headers: renderHeaders(event, target) }
}
