import { packageVersion, type PluginApi } from '@chatbot-kit/kernel'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { ToolCallFailure } from '../failure.js'
import type { McpServerConfig } from '../options.js'
import type { ChatbotTool } from '../types.js'
import { createHeadersFetch, forTurn, withoutTurn } from './headers.js'
import { notConnected } from './not-connected.js'
import { isOutage, toCallFailure, toToolValue } from './result.js'
import { toChatbotTools, type McpCall } from './tool.js'

const FIRST_RETRY_MS = 500
const MAX_RETRY_MS = 30_000
const DEFAULT_TIMEOUT_MS = 30_000

/** One MCP server: its client while connected, its tools, and the retries while it is down. */
export interface McpConnection {
  readonly server: string
  /** Whether a client is connected now (a call can reach the server). */
  readonly connected: boolean
  /** The server's tools by offered name: its last list, kept while it is down so that a call fails `tool_unavailable`. */
  readonly tools: ReadonlyMap<string, ChatbotTool>
  /** Resolves after the first attempt, connected or not: a failure is logged and retried. */
  start(): Promise<void>
  close(): Promise<void>
}

export function createMcpConnection(api: PluginApi, server: string, config: McpServerConfig, onChange: () => void): McpConnection {
  const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let tools: ReadonlyMap<string, ChatbotTool> = new Map()
  let client: Client | undefined
  let connectedAt = 0
  let retry: NodeJS.Timeout | undefined
  let delay = FIRST_RETRY_MS
  let down = false
  let closed = false

  const call: McpCall = async (tool, offeredAs, args, context) => {
    const current = client
    if (!current) throw notConnected(offeredAs, server)
    try {
      const result = await forTurn(context.turn, () => current.callTool({ name: tool, arguments: args }, undefined, { timeout, signal: context.signal }))
      return toToolValue(offeredAs, result as CallToolResult)
    } catch (error) {
      if (error instanceof ToolCallFailure) throw error
      if (isOutage(error)) lost(current, error)
      throw toCallFailure(offeredAs, error)
    }
  }

  async function list(from: Client): Promise<void> {
    const listed: Tool[] = []
    let cursor: string | undefined
    do {
      const page = await from.listTools(cursor === undefined ? undefined : { cursor }, { timeout })
      listed.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor !== undefined)
    tools = toChatbotTools(server, listed, timeout, call, (name) => api.logger.warn(`The MCP server "${server}" has two tools named "${name}" once shortened; the second is not offered.`))
    onChange()
  }

  async function refresh(from: Client): Promise<void> {
    try {
      await list(from)
    } catch (error) {
      if (isOutage(error)) lost(from, error)
      else api.logger.warn(`Could not refresh the tools of the MCP server "${server}":`, error)
    }
  }

  async function connect(): Promise<void> {
    const next = new Client({ name: 'chatbot-kit', version: packageVersion })
    next.setNotificationHandler(ToolListChangedNotificationSchema, () => withoutTurn(() => refresh(next)))
    // The transport reports a dropped or refused event stream here: the server stopped, or restarted and lost the session.
    next.onerror = (error) => {
      if (isOutage(error)) lost(next, error)
    }
    const transport = new StreamableHTTPClientTransport(new URL(config.url), { fetch: createHeadersFetch(server, config.headers) })
    try {
      await withoutTurn(() => next.connect(transport, { timeout }))
      await withoutTurn(() => list(next))
    } catch (error) {
      await next.close()
      throw error
    }
    if (closed) return next.close()
    client = next
    connectedAt = Date.now()
  }

  async function attempt(): Promise<void> {
    retry = undefined
    try {
      await connect()
      if (down) api.logger.info(`The MCP server "${server}" is reachable again (${tools.size} tools).`)
      down = false
    } catch (error) {
      outage(error)
      schedule()
    }
  }

  // Logged once per outage, however many retries it takes.
  function outage(error: unknown): void {
    if (!down) api.logger.warn(`The MCP server "${server}" (${config.url}) is unreachable; its tools fail with tool_unavailable until it answers. Retrying:`, error instanceof Error ? error.message : error)
    down = true
  }

  function lost(from: Client, error: unknown): void {
    if (from !== client) return
    client = undefined
    void from.close()
    outage(error)
    // A connection that lasted retries fast; one dropped at once (a flapping server) keeps backing off.
    if (Date.now() - connectedAt > MAX_RETRY_MS) delay = FIRST_RETRY_MS
    schedule()
  }

  function schedule(): void {
    if (closed || retry) return
    retry = setTimeout(() => void attempt(), delay).unref()
    delay = Math.min(delay * 2, MAX_RETRY_MS)
  }

  return {
    server,
    get connected() {
      return client !== undefined
    },
    get tools() {
      return tools
    },
    start: attempt,
    async close() {
      closed = true
      clearTimeout(retry)
      const current = client
      client = undefined
      await current?.close()
    },
  }
}
