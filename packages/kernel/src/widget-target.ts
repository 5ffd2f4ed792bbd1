import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { H3Event } from 'h3'

/** Node's request and response, as `node:http`, Express, Fastify's `raw` or Nitro's `event.node` hold them. */
export interface NodeRequestPair {
  req: IncomingMessage
  res: ServerResponse
}

/**
 * The page request `renderWidget` renders for: an h3 v2 event, a web `Request` (any
 * fetch-style server: Hono, Bun, Deno, a Service Worker…), or Node's `{ req, res }`.
 */
export type RenderTarget = H3Event | Request | NodeRequestPair

// An h3 event has `req` and `res` too; only Node's response takes headers one by one.
const isNodePair = (target: RenderTarget): target is NodeRequestPair => typeof (target as { res?: { setHeader?: unknown } }).res?.setHeader === 'function'

/**
 * An h3 v2 event for a Node request: its method, URL and headers, without the body (a page
 * render reads none). `event.node` is the pair, so `identify(event)` can read what the host's
 * framework put on its request (`event.node.req.user`).
 */
export function eventFromNode({ req, res }: NodeRequestPair): H3Event {
  const protocol = (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http'
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (`:path`) are not header names a `Headers` accepts.
    if (value === undefined || name.startsWith(':')) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  // Express rewrites `req.url` under a mounted router; `originalUrl` is what the browser asked for.
  const path = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'
  const request = new Request(new URL(path, `${protocol}://${req.headers.host ?? 'localhost'}`), { method: req.method ?? 'GET', headers })
  Object.defineProperty(request, 'runtime', { value: { name: 'node', node: { req, res } } })
  return new H3Event(request)
}

/** The h3 event `renderWidget` and the `widget:render` hooks work on, for any target. */
export function renderEventOf(target: RenderTarget): H3Event {
  if (target instanceof Request) return new H3Event(target)
  return isNodePair(target) ? eventFromNode(target) : target
}

/**
 * The headers the page's response must carry after a render (the session and guest cookies),
 * set on Node's response when the target is one. Too late once its head is sent: the widget's
 * first message would then be refused (403/419), so that is an error rather than a silent loss.
 */
export function renderHeaders(event: H3Event, target: RenderTarget): Headers {
  const headers = new Headers()
  for (const cookie of event.res.headers.getSetCookie()) headers.append('set-cookie', cookie)
  if (!isNodePair(target) || !headers.has('set-cookie')) return headers
  if (target.res.headersSent) throw new Error('chatbot-kit: the response head was already sent, so the widget cookies cannot be set; render the widget before the response starts.')
  for (const cookie of headers.getSetCookie()) target.res.appendHeader('set-cookie', cookie)
  return headers
}
