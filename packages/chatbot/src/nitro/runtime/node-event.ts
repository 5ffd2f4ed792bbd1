import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { H3Event } from 'h3'

/**
 * What chatbot-kit reads of a Nitro 2 (h3 v1) event: Node's request and response, and the
 * request's context. Typed structurally so that no code here depends on the host's `h3`.
 */
export interface NitroEventLike {
  node: { req: IncomingMessage; res: ServerResponse }
  context: object
}

// The Nitro event each h3 v2 event was made from, for `identify`.
const hostEvents = new WeakMap<object, NitroEventLike>()

/** The Nitro event an h3 v2 event was made from by `toChatbotEvent`, if any. */
export function hostEventOf(event: object): NitroEventLike | undefined {
  return hostEvents.get(event)
}

/**
 * An h3 v2 event (the kind `chatbot.renderWidget` and the plugins' `widget:render` hooks read)
 * for the page request behind a Nitro event: its method, URL and headers, without the body.
 * chatbot-kit's own `h3` is v2 whatever version npm put at the top of node_modules.
 */
export function toChatbotEvent(event: NitroEventLike): H3Event {
  const { req } = event.node
  const protocol = (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http'
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (`:path`) are not header names a `Headers` accepts.
    if (value === undefined || name.startsWith(':')) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const url = new URL(req.url ?? '/', `${protocol}://${req.headers.host ?? 'localhost'}`)
  const chatbotEvent = new H3Event(new Request(url, { method: req.method ?? 'GET', headers }))
  hostEvents.set(chatbotEvent, event)
  return chatbotEvent
}

/**
 * Moves the cookies the chatbot set while rendering (session, guest id) onto the page's response,
 * next to any the host set. Too late once the head is sent: then the widget's first message is
 * refused (403/419), so it is an error rather than a silent loss.
 */
export function copyCookies(from: H3Event, to: ServerResponse): void {
  const cookies = from.res.headers.getSetCookie()
  if (cookies.length === 0) return
  if (to.headersSent) throw new Error('chatbot-kit: the response head was already sent, so the widget cookies cannot be set; render the widget before the response starts.')
  for (const cookie of cookies) to.appendHeader('set-cookie', cookie)
}
