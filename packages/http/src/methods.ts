import { HTTPResponse, type H3Event } from 'h3'

/** A handler as the router mounts it. */
export interface MountedHandler {
  method: string
  path: string
  handler: (event: H3Event) => unknown
}

/**
 * HEAD and OPTIONS on every route, whoever declared it: a load balancer's health check (HAProxy's
 * `option httpchk HEAD …`) or a client asking what a path allows must not get the 404 of the
 * catch-all. HEAD runs the GET route and answers its status and headers without the body;
 * OPTIONS answers 204 with `Allow` and `headers`.
 */
export function withHeadAndOptions(handlers: MountedHandler[], headers: Record<string, string> = {}): MountedHandler[] {
  const methods = new Map<string, Set<string>>()
  for (const { method, path } of handlers) methods.set(path, (methods.get(path) ?? new Set()).add(method))
  const heads = handlers
    .filter(({ method, path }) => method === 'GET' && !methods.get(path)!.has('HEAD'))
    .map(({ path, handler }) => ({ method: 'HEAD', path, handler: async (event: H3Event) => withoutBody(await handler(event)) }))
  for (const { path } of heads) methods.get(path)!.add('HEAD')
  const options = [...methods]
    .filter(([, allowed]) => !allowed.has('OPTIONS'))
    .map(([path, allowed]) => {
      const allow = [...allowed, 'OPTIONS'].join(', ')
      return { method: 'OPTIONS', path, handler: () => new Response(null, { status: 204, headers: { allow, ...headers } }) }
    })
  return [...handlers, ...heads, ...options]
}

/**
 * The same answer with no body. A body already under way (an event stream) is cancelled, so
 * nothing keeps writing to a response nobody reads. A plain value is left to h3, which sends
 * HEAD answers without a body.
 */
function withoutBody(result: unknown): unknown {
  if (!(result instanceof Response || result instanceof HTTPResponse)) return result
  const body = result.body as { cancel?: () => Promise<void>; destroy?: () => void } | null
  if (body instanceof ReadableStream) void body.cancel().catch(() => {})
  else if (typeof body?.destroy === 'function') body.destroy()
  return new Response(null, { status: result.status, statusText: result.statusText, headers: result.headers })
}
