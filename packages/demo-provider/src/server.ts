import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { completionJson } from './json-reply.js'
import { createDefaultResponder } from './responder.js'
import { streamReply } from './stream-reply.js'
import type { DemoProvider, DemoProviderOptions, DemoReply, DemoRequest, RecordedRequest } from './types.js'

const MAX_BODY_BYTES = 4 * 1024 * 1024

/** Starts an OpenAI-compatible chat-completions server for tests, the playground and benchmarks. */
export async function createDemoProvider(options: DemoProviderOptions = {}): Promise<DemoProvider> {
  const host = options.host ?? '127.0.0.1'
  const responder = options.responder ?? createDefaultResponder(options)
  const requests: RecordedRequest[] = []
  const queue: DemoReply[] = []
  let open = 0
  let closed = 0
  let ids = 0

  // No Nagle: each chunk leaves at once, as a provider's tokens do.
  const server = createServer({ noDelay: true }, (req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500, String(error)))
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    open++
    socket.once('close', () => {
      open--
      closed++
    })
  })

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: 'demo', object: 'model', created: 0, owned_by: 'chatbot-kit' }] })
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendJson(res, 404, errorBody(404, `No route for ${req.method} ${path}.`))
    }
    const raw = await readBody(req)
    if (raw === undefined) return sendJson(res, 413, errorBody(413, 'The request body is too large.'))
    const body = parseRequest(raw)
    if (!body) return sendJson(res, 400, errorBody(400, 'The body must be JSON with a `messages` array.'))
    if (options.recordRequests !== false) requests.push({ body, headers: flatHeaders(req) })

    const reply = queue.shift() ?? responder(body)
    // Set before any writeHead, which merges them with its own headers.
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
    if (reply.rawBody !== undefined) {
      return void res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'text/plain' }).end(reply.rawBody)
    }
    if (reply.status !== undefined && (reply.status < 200 || reply.status > 299)) {
      return sendJson(res, reply.status, reply.errorBody ?? errorBody(reply.status, 'The demo provider was told to fail.'))
    }
    const id = `chatcmpl-demo-${++ids}`
    const model = body.model ?? 'demo'
    const promptTokens = Math.ceil(raw.length / 4)
    if (body.stream !== true) return sendJson(res, 200, completionJson(reply, id, model, promptTokens))
    streamReply(res, reply, {
      id,
      model,
      promptTokens,
      includeUsage: body.stream_options?.include_usage === true,
      tokenDelayMs: options.tokenDelayMs ?? 0,
      firstChunkDelayMs: options.firstChunkDelayMs ?? 0,
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // A benchmark opens thousands of connections at once; the default backlog (511) would drop
    // SYNs and stall them for a second or more. The kernel caps it at `somaxconn`.
    server.listen({ port: options.port ?? 0, host, backlog: 65_535 }, () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
    requests,
    script: (...replies) => void queue.push(...replies),
    openConnections: () => open,
    closedConnections: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const parts: Buffer[] = []
  let size = 0
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length
    if (size > MAX_BODY_BYTES) return undefined
    parts.push(part)
  }
  return Buffer.concat(parts).toString('utf8')
}

function parseRequest(raw: string): DemoRequest | undefined {
  try {
    const body = JSON.parse(raw) as DemoRequest
    return typeof body === 'object' && body !== null && Array.isArray(body.messages) ? body : undefined
  } catch {
    return undefined
  }
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

function errorBody(status: number, message: string): unknown {
  const type = status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error'
  return { error: { message, type, param: null, code: null } }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
