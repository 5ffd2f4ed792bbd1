import { ChatbotConfigException, count, defineOptions, list, type OptionSpec } from '@chatbot-kit/kernel'
import type { Turn } from '@chatbot-kit/kernel'
import type { ChatbotTool } from './types.js'

const DAY = 86_400

/** `tools.definitions`: the host's tools, from the config file only (they carry handlers). */
const definitions: OptionSpec = {
  default: [],
  doc: 'your tools: defineTool({ … })',
  check(value, key) {
    const isTool = (item: unknown) => typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string'
    if (!Array.isArray(value) || !value.every(isTool)) throw new ChatbotConfigException(key, 'expected a list of tools (defineTool({ … }))')
  },
}

const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/

/** `mcp.servers`: `{ [name]: { url, headers?, timeoutMs? } }`, from the config file (headers may be a function). */
const mcpServers: OptionSpec = {
  default: {},
  doc: 'MCP servers whose tools are offered: { name: { url, headers?, timeoutMs? } }',
  example: "{ docs: { url: 'http://127.0.0.1:3001/mcp' } }",
  record: true,
  check(value, key) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ChatbotConfigException(key, 'expected { name: { url, headers?, timeoutMs? } }')
    for (const [name, server] of Object.entries(value as Record<string, unknown>)) {
      const at = `${key}.${name}`
      if (!SERVER_NAME.test(name)) throw new ChatbotConfigException(at, 'a server name is 1 to 32 of A-Z, a-z, 0-9, _ and -')
      if (typeof server !== 'object' || server === null) throw new ChatbotConfigException(at, 'expected { url, headers?, timeoutMs? }')
      const { url, headers, timeoutMs } = server as Record<string, unknown>
      if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new ChatbotConfigException(`${at}.url`, 'expected an http(s) URL')
      if (headers !== undefined && typeof headers !== 'function' && (typeof headers !== 'object' || headers === null || Object.values(headers).some((v) => typeof v !== 'string'))) {
        throw new ChatbotConfigException(`${at}.headers`, 'expected { name: value } strings, or a function of the turn returning them')
      }
      if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 1 || (timeoutMs as number) > 600_000)) throw new ChatbotConfigException(`${at}.timeoutMs`, 'expected whole milliseconds, 1 to 600000')
    }
  },
}

/** A channel's `toolApproval`: `{ [toolName]: 'auto' | 'required' }` (`<server>__*` as in `allowedTools`). */
const toolApproval: OptionSpec = {
  default: {},
  channel: 'only',
  record: true,
  doc: "per tool on this channel: 'auto' or 'required' (beats the tool's own approval); <server>__* for an MCP server's tools",
  check(value, key) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ChatbotConfigException(key, "expected { toolName: 'auto' | 'required' }")
    for (const [name, policy] of Object.entries(value as Record<string, unknown>)) {
      if (policy !== 'auto' && policy !== 'required') throw new ChatbotConfigException(`${key}.${name}`, "expected 'auto' or 'required'")
    }
  },
}

/** The tools plugin's keys: the limits of a turn's tool calls, the host's tools, and each channel's allowed ones. */
export const toolsOptions = defineOptions({
  'tools.maxCallsPerTurn': count(5, 0, 1000, { env: 'CHATBOT_TOOLS_MAX_CALLS_PER_TURN', doc: 'tool calls per user message' }),
  'tools.defaultTimeout': count(10, 0, DAY, { env: 'CHATBOT_TOOLS_DEFAULT_TIMEOUT', doc: 'seconds, advisory' }),
  'tools.replayFreshness': count(300, 0, 365 * DAY, { env: 'CHATBOT_TOOLS_REPLAY_FRESHNESS', doc: 'seconds' }),
  'tools.defaultMaxArgLength': count(10_240, 1, 16_777_216, { env: 'CHATBOT_TOOLS_DEFAULT_MAX_ARG_LENGTH', doc: 'bytes' }),
  'tools.resultSizeCap': count(4096, 16, 16_777_216, { env: 'CHATBOT_TOOLS_RESULT_SIZE_CAP', doc: 'bytes' }),
  'tools.definitions': definitions,
  'tools.approvalTtl': count(900, 1, 30 * DAY, { env: 'CHATBOT_TOOLS_APPROVAL_TTL', doc: 'seconds a pending approval can be decided' }),
  'mcp.servers': mcpServers,
  allowedTools: list([], { channel: 'only', doc: 'tool names callable on this channel (<server>__* for all of an MCP server)' }),
  toolApproval,
})

/** How a tool may run: without asking, only once the user approved, or as a function decides per call. */
export type ToolApprovalPolicy = 'auto' | 'required'

/** One MCP server whose tools are offered as `<name>__<tool>`. */
export interface McpServerConfig {
  /** Its Streamable HTTP endpoint. */
  url: string
  /** Sent with every request to it; a function is called per turn (the list refresh gets no turn). */
  headers?: Record<string, string> | ((turn: Turn | undefined) => Record<string, string> | Promise<Record<string, string>>)
  /** Milliseconds per request (list or call). Default 30000. */
  timeoutMs?: number
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    tools?: {
      /**
       * Tool calls one turn may run. Default `5`.
       * @env CHATBOT_TOOLS_MAX_CALLS_PER_TURN
       */
      maxCallsPerTurn?: number
      /**
       * Seconds a tool may take (advisory: an overrun is recorded). Default `10`.
       * @env CHATBOT_TOOLS_DEFAULT_TIMEOUT
       */
      defaultTimeout?: number
      /**
       * Seconds a tool invocation stays valid for replay. Default `300`.
       * @env CHATBOT_TOOLS_REPLAY_FRESHNESS
       */
      replayFreshness?: number
      /**
       * The most bytes of a tool call's arguments, unless the tool sets `maxArgLength`. Default `10240`.
       * @env CHATBOT_TOOLS_DEFAULT_MAX_ARG_LENGTH
       */
      defaultMaxArgLength?: number
      /**
       * The most bytes of a tool result the model sees. Default `4096`.
       * @env CHATBOT_TOOLS_RESULT_SIZE_CAP
       */
      resultSizeCap?: number
      /** The host's tools: `defineTool({ … })`. Default none. */
      definitions?: ChatbotTool[]
      /**
       * Seconds a pending approval can be decided; later it answers 410 `approval_expired`. Default `900`.
       * @env CHATBOT_TOOLS_APPROVAL_TTL
       */
      approvalTtl?: number
    }
    /** Tool sources over the Model Context Protocol (docs/mcp.md). */
    mcp?: {
      /** `{ [name]: { url, headers?, timeoutMs? } }`; their tools are named `<name>__<tool>`. Default none. */
      servers?: Record<string, McpServerConfig>
    }
  }
  interface ResolvedConfig {
    tools: { maxCallsPerTurn: number; defaultTimeout: number; replayFreshness: number; defaultMaxArgLength: number; resultSizeCap: number; definitions: ChatbotTool[]; approvalTtl: number }
    mcp: { servers: Record<string, McpServerConfig> }
  }
  interface ChannelConfig {
    /** Names of the tools offered on this channel (`<server>__*`: every tool of an MCP server). Default: none. */
    allowedTools?: string[]
    /** Per tool: `'required'` makes the user approve each call, `'auto'` runs it; beats the tool's `approval`. `<server>__*`: an MCP server's tools without an entry. */
    toolApproval?: Record<string, ToolApprovalPolicy>
  }
  interface ChannelSettings {
    allowedTools: string[]
    toolApproval: Record<string, ToolApprovalPolicy>
  }
}
