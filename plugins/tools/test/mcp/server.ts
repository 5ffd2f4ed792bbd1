import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ErrorCode, isInitializeRequest, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** A tool of the loopback server: what `tools/list` shows, and what a `tools/call` answers. */
export interface LoopbackTool {
  name: string
  description?: string
  inputSchema: { type: 'object' } & Record<string, unknown>
  run(args: Record<string, unknown>): CallToolResult | Promise<CallToolResult>
}

/** A request the server received: its JSON-RPC method (none for the event-stream GET) and headers. */
export interface ReceivedRequest {
  method: string | undefined
  headers: IncomingHttpHeaders
}

export interface LoopbackMcpServer {
  url: string
  received: ReceivedRequest[]
  /** Replaces the tools and sends `notifications/tools/list_changed` to every session. */
  setTools(tools: LoopbackTool[]): Promise<void>
  close(): Promise<void>
}

/** Text content, as a tool answers. */
export const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], isError })

/**
 * A real MCP server (the SDK's server side, Streamable HTTP with sessions) on loopback. Each
 * session gets its own `Server`, all serving one list of tools.
 */
export async function createLoopbackMcpServer(initial: LoopbackTool[], port = 0): Promise<LoopbackMcpServer> {
  let tools = initial
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>()
  const received: ReceivedRequest[] = []

  const openSession = async () => {
    const server = new Server({ name: 'loopback', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) }))
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const tool = tools.find((candidate) => candidate.name === request.params.name)
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`)
      return tool.run(request.params.arguments ?? {})
    })
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, { server, transport }) })
    await server.connect(transport)
    return transport
  }

  const http = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await readJson(req) : undefined
      received.push({ method: (body as { method?: string } | undefined)?.method, headers: req.headers })
      const session = sessions.get(String(req.headers['mcp-session-id']))
      const transport = session?.transport ?? (isInitializeRequest(body) ? await openSession() : undefined)
      if (transport) return transport.handleRequest(req, res, body)
      res.writeHead(404).end()
    })()
  })
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve))

  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    received,
    async setTools(next) {
      tools = next
      await Promise.all([...sessions.values()].map(({ server }) => server.sendToolListChanged()))
    },
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()))
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}
