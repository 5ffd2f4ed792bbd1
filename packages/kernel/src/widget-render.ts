import { randomUUID } from 'node:crypto'
import type { H3Event } from 'h3'
import type { EnvelopeClaims } from './envelope/index.js'
import type { Hookable } from 'hookable'
import type { ResolvedConfig } from './config/index.js'
import type { ChatbotHooks, WidgetRenderContext } from './hooks.js'

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
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** What `renderWidget` does: identify, let plugins add to the page, mint, render. */
export async function renderWidget(
  deps: { config: ResolvedConfig; hooks: Hookable<ChatbotHooks>; mint: (claims: EnvelopeClaims) => string },
  event: H3Event,
  options: RenderWidgetOptions,
): Promise<RenderedWidget> {
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
  return { envelope, head, script, element, html: [head, script, element].filter(Boolean).join('\n') }
}
