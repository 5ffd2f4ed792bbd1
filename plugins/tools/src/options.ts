import { ChatbotConfigException, count, defineOptions, list, type OptionSpec } from '@chatbot-kit/kernel'
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

/** The tools plugin's keys: the limits of a turn's tool calls, the host's tools, and each channel's allowed ones. */
export const toolsOptions = defineOptions({
  'tools.maxCallsPerTurn': count(5, 0, 1000, { env: 'CHATBOT_TOOLS_MAX_CALLS_PER_TURN', doc: 'tool calls per user message' }),
  'tools.defaultTimeout': count(10, 0, DAY, { env: 'CHATBOT_TOOLS_DEFAULT_TIMEOUT', doc: 'seconds, advisory' }),
  'tools.replayFreshness': count(300, 0, 365 * DAY, { env: 'CHATBOT_TOOLS_REPLAY_FRESHNESS', doc: 'seconds' }),
  'tools.defaultMaxArgLength': count(10_240, 1, 16_777_216, { env: 'CHATBOT_TOOLS_DEFAULT_MAX_ARG_LENGTH', doc: 'bytes' }),
  'tools.resultSizeCap': count(4096, 16, 16_777_216, { env: 'CHATBOT_TOOLS_RESULT_SIZE_CAP', doc: 'bytes' }),
  'tools.definitions': definitions,
  allowedTools: list([], { channel: 'only', doc: 'tool names callable on this channel' }),
})

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
    }
  }
  interface ResolvedConfig {
    tools: { maxCallsPerTurn: number; defaultTimeout: number; replayFreshness: number; defaultMaxArgLength: number; resultSizeCap: number; definitions: ChatbotTool[] }
  }
  interface ChannelConfig {
    /** Names of the tools offered on this channel. Default: none. */
    allowedTools?: string[]
  }
  interface ChannelSettings {
    allowedTools: string[]
  }
}
