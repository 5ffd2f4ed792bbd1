import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

export type FetchHandler = (request: Request) => Response | Promise<Response>

export interface ListenOptions {
  /** Default `127.0.0.1`. */
  host?: string
  /** Default 0: a free port. */
  port?: number
}

export interface Listener {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  /** Stops listening and destroys open connections (streams still running included). */
  close(): Promise<void>
}

/** A plain Node request listener, for tests that need the socket itself (resets, half-written replies). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * Serves a web fetch handler on a real loopback socket: Node requests become `Request`s (their
 * signal aborts when the client goes away) and `Response` bodies are streamed back with backpressure.
 */
export function listen(handler: FetchHandler, options: ListenOptions = {}): Promise<Listener> {
  return listenNode((req, res) => void serve(handler, req, res), options)
}

/** Serves a Node request listener on a real loopback socket (a free port by default). */
export async function listenNode(handler: NodeHandler, options: ListenOptions = {}): Promise<Listener> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer(handler)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function serve(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client closed the connection.'))
  })
  let response: Response
  try {
    response = await handler(toRequest(req, controller.signal))
  } catch (error) {
    // A test wants to see why its handler failed, not a bare 500.
    res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? (error.stack ?? error.message) : String(error))
    return
  }
  await send(response, res, controller.signal)
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers()
  for (let index = 0; index < req.rawHeaders.length; index += 2) headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

async function send(response: Response, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  res.writeHead(response.status, response.statusText, headers)
  if (!response.body) return void res.end()
  // Headers go out before the first chunk: an SSE client sees the stream open at once.
  res.flushHeaders()
  const reader = response.body.getReader()
  const cancel = () => void reader.cancel(signal.reason).catch(() => {})
  signal.addEventListener('abort', cancel, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await once(res, 'drain', { signal })
    }
    res.end()
  } catch {
    res.destroy()
  } finally {
    signal.removeEventListener('abort', cancel)
  }
}
