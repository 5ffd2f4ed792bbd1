import {
  createChatbot as createKernelChatbot,
  resolveConfig as resolveKernelConfig,
  isResolvedConfig,
  sourceOfConfig,
  type Chatbot,
  type ChatbotConfig,
  type ChatbotPlugin,
  type CreateChatbotOptions,
  type ResolvedConfig,
  type ResolveOptions,
} from '@chatbot-kit/kernel'
import { adminPlugin } from '@chatbot-kit/admin/plugin'
import { attachmentsPlugin } from '@chatbot-kit/plugin-attachments'
import { channelsPlugin } from '@chatbot-kit/plugin-channels'
import { extractorsPlugin } from '@chatbot-kit/plugin-extractors'
import { feedbackPlugin } from '@chatbot-kit/plugin-feedback'
import { handoffPlugin } from '@chatbot-kit/plugin-handoff'
import { knowledgePlugin } from '@chatbot-kit/plugin-knowledge'
import { originPlugin } from '@chatbot-kit/plugin-origin'
import { quotaPlugin } from '@chatbot-kit/plugin-quota'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { retentionPlugin } from '@chatbot-kit/plugin-retention'
import { sanitizerPlugin } from '@chatbot-kit/plugin-sanitizer'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { webPlugin } from '@chatbot-kit/plugin-web'
import { resolveWidgetFile } from './widget-file.js'

/** The plugins every chatbot-kit app runs, before the host's own `plugins`. */
export function builtinPlugins(): ChatbotPlugin[] {
  return [channelsPlugin(), originPlugin(), throttlePlugin(), webPlugin(), quotaPlugin(), repliesPlugin(), toolsPlugin(), feedbackPlugin(), handoffPlugin(), knowledgePlugin(), attachmentsPlugin(), extractorsPlugin(), retentionPlugin(), sanitizerPlugin(), adminPlugin()]
}

/** Defaults chatbot-kit sets over the kernel's: the `web` group around the stateful routes. */
export const KIT_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({ routeMiddleware: ['web'] })

/** chatbot-kit's wiring of the kernel: the built-in plugins' keys and its defaults. */
const wiring = (): ResolveOptions => ({ plugins: builtinPlugins(), defaults: { ...KIT_DEFAULTS } })

/** The kernel's `resolveConfig` with the built-in plugins' keys: defaults < file < environment. */
export function resolveConfig(config: ChatbotConfig = {}, env: Record<string, string | undefined> = process.env, options: ResolveOptions = {}): ResolvedConfig {
  return resolveKernelConfig(config, env, { ...wiring(), ...options })
}

/**
 * A config resolved here is used as it is. One the kernel resolved without the built-ins is
 * resolved again from what it was made of (file and environment), so the built-ins' keys, their
 * env variables and `routeMiddleware: ['web']` apply as if it had been resolved here.
 */
function withBuiltins(config: ChatbotConfig | ResolvedConfig, env: Record<string, string | undefined>): ResolvedConfig {
  if (!isResolvedConfig(config)) return resolveConfig(config, env)
  const names = new Set(config.plugins.map((plugin) => plugin.name))
  if (builtinPlugins().every((plugin) => names.has(plugin.name))) return config
  const source = sourceOfConfig(config)
  return source ? resolveConfig(source.config, source.env, { defaults: { ...KIT_DEFAULTS, ...source.options.defaults } }) : resolveConfig(config, {})
}

/** `createChatbot` with the built-in plugins and the widget bundle wired in. */
export async function createChatbot(config: ChatbotConfig | ResolvedConfig = {}, options: CreateChatbotOptions = {}): Promise<Chatbot> {
  return createKernelChatbot(withBuiltins(config, options.env ?? process.env), { widgetFile: resolveWidgetFile(), ...options })
}
