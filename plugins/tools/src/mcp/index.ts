import type { PluginApi } from '@chatbot-kit/kernel'
import type { ToolCallFailure } from '../failure.js'
import type { ChatbotTool } from '../types.js'
import type { createMcpConnection } from './connection.js'
import { toOfferedName } from './naming.js'
import { notConnected } from './not-connected.js'

/** The tools of the configured MCP servers (`mcp.servers`), see docs/mcp.md. */
export interface McpTools {
  /** Connects every server; never throws: a server that is down is logged once and retried with backoff. */
  start(): Promise<void>
  /** The current tools of every server, `<server>__<tool>`; a server's list is kept while it is down. */
  tools(): ReadonlyMap<string, ChatbotTool>
  /**
   * `tool_unavailable` for a name of a configured server (its `<server>__` prefix) that is not
   * connected: a server never reached has no list yet, so the name is all that says whose tool it is.
   */
  unavailable(toolName: string): ToolCallFailure | undefined
  /** Closes every client and stops the retries. */
  close(): Promise<void>
}

export function createMcpTools(api: PluginApi): McpTools {
  // Rebuilt when a server's list changes, not per turn: `tools()` is read on every turn.
  let merged: ReadonlyMap<string, ChatbotTool> = new Map()
  let connections: ReturnType<typeof createMcpConnection>[] = []
  const rebuild = () => {
    const next = new Map<string, ChatbotTool>()
    // The first configured server keeps a name two servers share.
    for (const connection of connections) for (const [name, tool] of connection.tools) if (!next.has(name)) next.set(name, tool)
    merged = next
  }
  const servers = Object.entries(api.config.mcp.servers)
  return {
    async start() {
      if (servers.length === 0) return
      // Loaded only when a server is configured: the SDK costs start-up time nobody else should pay.
      const { createMcpConnection } = await import('./connection.js')
      connections = servers.map(([name, config]) => createMcpConnection(api, name, config, rebuild))
      await Promise.all(connections.map((connection) => connection.start()))
    },
    tools: () => merged,
    unavailable(toolName) {
      const connection = connections.find((candidate) => toolName.startsWith(toOfferedName(candidate.server, '')))
      return connection && !connection.connected ? notConnected(toolName, connection.server) : undefined
    },
    async close() {
      await Promise.all(connections.map((connection) => connection.close()))
    },
  }
}
