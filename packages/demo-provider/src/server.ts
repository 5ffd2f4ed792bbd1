import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createChatWire } from './chat-wire.js'
import { embeddingsJson, readEmbeddingsRequest, type EmbeddingsRequest } from './embeddings.js'
import { completionJson } from './json-reply.js'
import { createDefaultResponder } from './responder.js'
import { responseJson } from './responses-json.js'
import { fromResponsesRequest } from './responses-request.js'
import { createResponsesWire } from './responses-wire.js'
import { streamReply } from './stream-reply.js'
import type { DemoApi, DemoProvider, DemoProviderOptions, DemoReply, DemoRequest, RecordedRequest } from './types.js'
import type { WireContext } from './wire.js'

const MAX_BODY_BYTES = 4 * 1024 * 1024

/** The two APIs by path; both answer with the same responder and faults. */
const API_PATHS = new Map<string | undefined, DemoApi>([
  ['/v1/chat/completions', 'chat'],
  ['/v1/responses', 'responses'],
])

/**
 * Starts an OpenAI-compatible server (chat completions and the Responses API) for tests, the
 * playground and benchmarks.
 */
export async function createDemoProvider(options: DemoProviderOptions = {}): Promise<DemoProvider> {
  const host = options.host ?? '127.0.0.1'
  const responder = options.responder ?? createDefaultResponder(options)
  const requests: RecordedRequest[] = []
  const embeddingRequests: EmbeddingsRequest[] = []
  const queue: DemoReply[] = []
  let open = 0
  let closed = 0
  let closedServing = 0
  // Sockets that carried a request: a client's spare connection, opened and dropped idle, is not one.
  const serving = new WeakSet<Socket>()
  let ids = 0

  // No Nagle: each chunk leaves at once, as a provider's tokens do.
  const server = createServer({ noDelay: true }, (req, res) => {
    serving.add(req.socket)
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
      if (serving.has(socket)) closedServing++
    })
  })

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: 'demo', object: 'model', created: 0, owned_by: 'chatbot-kit' }] })
    }
    if (req.method === 'POST' && path === '/v1/embeddings') return embeddings(req, res)
    const api = req.method === 'POST' ? API_PATHS.get(path) : undefined
    if (!api) return sendJson(res, 404, errorBody(404, `No route for ${req.method} ${path}.`))
    const raw = await readBody(req)
    if (raw === undefined) return sendJson(res, 413, errorBody(413, 'The request body is too large.'))
    const parsed = parseJson(raw)
    const body = api === 'chat' ? chatRequest(parsed) : parsed ? fromResponsesRequest(parsed) : 'The body must be JSON with an `input` string or array.'
    if (typeof body === 'string') return sendJson(res, 400, errorBody(400, body))
    if (options.recordRequests !== false) requests.push({ api, body, wire: parsed!, headers: flatHeaders(req) })

    const reply = queue.shift() ?? responder(body)
    // Set before any writeHead, which merges them with its own headers.
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
    if (reply.rawBody !== undefined) {
      return void res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'text/plain' }).end(reply.rawBody)
    }
    if (reply.status !== undefined && (reply.status < 200 || reply.status > 299)) {
      return sendJson(res, reply.status, reply.errorBody ?? errorBody(reply.status, 'The demo provider was told to fail.'))
    }
    const context: WireContext = {
      id: api === 'chat' ? `chatcmpl-demo-${++ids}` : `resp_demo_${++ids}`,
      model: body.model ?? 'demo',
      promptTokens: Math.ceil(raw.length / 4),
      includeUsage: body.stream_options?.include_usage === true,
    }
    if (body.stream !== true) {
      return sendJson(res, 200, api === 'chat' ? completionJson(reply, context.id, context.model, context.promptTokens) : responseJson(reply, context))
    }
    const wire = api === 'chat' ? createChatWire(reply, context) : createResponsesWire(reply, context)
    streamReply(res, reply, wire, { tokenDelayMs: options.tokenDelayMs ?? 0, firstChunkDelayMs: options.firstChunkDelayMs ?? 0 })
  }

  async function embeddings(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req)
    if (raw === undefined) return sendJson(res, 413, errorBody(413, 'The request body is too large.'))
    const request = readEmbeddingsRequest(parseJson(raw))
    if (typeof request === 'string') return sendJson(res, 400, errorBody(400, request))
    if (options.recordRequests !== false) embeddingRequests.push(request)
    sendJson(res, 200, embeddingsJson(request))
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
    embeddingRequests,
    script: (...replies) => void queue.push(...replies),
    openConnections: () => open,
    closedConnections: () => closed,
    closedServingConnections: () => closedServing,
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

/** A JSON object, else `undefined`. */
function parseJson(raw: string): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(raw) as unknown
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function chatRequest(body: Record<string, unknown> | undefined): DemoRequest | string {
  return body && Array.isArray(body.messages) ? (body as DemoRequest) : 'The body must be JSON with a `messages` array.'
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
