import {
  createChatbot as createKernelChatbot,
  loadChatbotConfig,
  resolveConfig,
  isResolvedConfig,
  type Chatbot,
  type ChatbotConfig,
  type ChatbotPlugin,
  type CreateChatbotOptions,
  type LoadConfigOptions,
  type ResolvedConfig,
} from '@chatbot-kit/kernel'
import { adminPlugin } from '@chatbot-kit/admin/plugin'
import { channelsPlugin } from '@chatbot-kit/plugin-channels'
import { extractorsPlugin } from '@chatbot-kit/plugin-extractors'
import { quotaPlugin } from '@chatbot-kit/plugin-quota'
import { retentionPlugin } from '@chatbot-kit/plugin-retention'
import { sanitizerPlugin } from '@chatbot-kit/plugin-sanitizer'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { webPlugin } from '@chatbot-kit/plugin-web'
import { resolveWidgetFile } from './widget-file.js'

/** The plugins every chatbot-kit app runs, before the host's own `plugins`. */
export function builtinPlugins(): ChatbotPlugin[] {
  return [channelsPlugin(), throttlePlugin(), webPlugin(), quotaPlugin(), toolsPlugin(), extractorsPlugin(), retentionPlugin(), sanitizerPlugin(), adminPlugin()]
}

function withBuiltins(config: ResolvedConfig): ResolvedConfig {
  const builtins = builtinPlugins()
  const hostNames = new Set(config.plugins.map((plugin) => plugin.name))
  return resolveConfig({ ...config, plugins: [...builtins.filter((plugin) => !hostNames.has(plugin.name)), ...config.plugins] }, {})
}

/** `createChatbot` with the built-in plugins and the widget bundle wired in. */
export async function createChatbot(config: ChatbotConfig | ResolvedConfig = {}, options: CreateChatbotOptions = {}): Promise<Chatbot> {
  const resolved = isResolvedConfig(config) ? config : resolveConfig(config, options.env ?? process.env)
  return createKernelChatbot(withBuiltins(resolved), { widgetFile: resolveWidgetFile(), ...options })
}

/** Loads `chatbot.config.ts` and `.env` from `cwd`, then `createChatbot`. */
export async function loadChatbot(options: LoadConfigOptions & CreateChatbotOptions = {}): Promise<Chatbot> {
  return createChatbot(await loadChatbotConfig(options), options)
}
