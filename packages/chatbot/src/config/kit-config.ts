import {
  configFromEnv as kernelConfigFromEnv,
  configWarnings as kernelConfigWarnings,
  declarationsOf,
  envNames,
  type ChatbotConfig,
  type ResolvedConfig,
} from '@chatbot-kit/kernel'
import { unknownToolWarnings } from '@chatbot-kit/plugin-tools'
import { builtinPlugins, resolveConfig } from '../create.js'

// 1.0's config helpers, over the kernel's keys and the built-in plugins'.

/** Each key an environment variable sets (`'throttle.perMinute'` → `'CHATBOT_THROTTLE_PER_MINUTE'`). */
export const ENV_NAMES: ReadonlyMap<string, string> = envNames(declarationsOf(builtinPlugins()))

/** The config overrides found in `env`. */
export const configFromEnv = (env: Record<string, string | undefined>): ChatbotConfig => kernelConfigFromEnv(env, declarationsOf(builtinPlugins())) as ChatbotConfig

/** The defaults of every key, resolved with no file and no environment. */
export const defaultConfig = (): ResolvedConfig => resolveConfig({}, {})

/** Unknown keys; with `toolNames`, also `allowedTools`/`toolApproval` entries naming no registered tool (start-up logs both). */
export function configWarnings(config: ResolvedConfig, toolNames?: Iterable<string>): string[] {
  // The configured MCP servers' names pass as at start-up: their tools are known once they answer.
  const servers = Object.keys(config.mcp.servers)
  return [...kernelConfigWarnings(config), ...(toolNames ? unknownToolWarnings(config.channels, toolNames, servers) : [])]
}
