import { dirname } from 'node:path'
import type { Nitro, NitroModule } from 'nitropack'
import { findChatbotConfig, HANDLER_MODULE, pluginModule } from './config-file.js'
import { resolveNitroH3 } from './nitro-h3.js'
import { resolveWidgetFile, widgetFiles } from '../widget-file.js'

export { defineNitroChatbotConfig, type NitroChatbotConfig, type NitroEvent } from './config.js'

/** Options of the Nitro module (and of the Nuxt module, which passes them on). */
export interface ChatbotNitroOptions {
  /** The path every chatbot route is mounted under (default `/chatbot`). */
  base?: string
}

declare module 'nitropack' {
  interface NitroConfig {
    /** chatbot-kit's module options (`modules: ['chatbot-kit/nitro']`). */
    chatbot?: ChatbotNitroOptions
  }
}

const RUNTIME = 'chatbot-kit/nitro/runtime'

/** `/chatbot/` → `/chatbot`; anything that is not an absolute path is refused before the build starts. */
function normalizeBase(base: string): string {
  const trimmed = base.replace(/\/+$/, '')
  if (!/^\/[^\s?#*]+$/.test(trimmed)) throw new Error(`chatbot-kit: "chatbot.base" must be a path such as "/chatbot", got ${JSON.stringify(base)}.`)
  return trimmed
}

/**
 * The Nitro 2 module: the chatbot's routes under `base`, created from the app's `chatbot.config.*`
 * at start-up and closed on Nitro's `close`, plus the auto-imported `useChatbot()` and
 * `renderChatbotWidget(event)`. `options` beat the `chatbot` key of the Nitro config.
 */
export function createChatbotNitroModule(options: ChatbotNitroOptions = {}): NitroModule {
  return { name: 'chatbot-kit', setup: (nitro) => setup(nitro, options) }
}

function setup(nitro: Nitro, options: ChatbotNitroOptions): void {
  const configured = (nitro.options as { chatbot?: ChatbotNitroOptions }).chatbot
  const base = normalizeBase(options.base ?? configured?.base ?? '/chatbot')
  const configFile = findChatbotConfig(nitro.options.rootDir)
  nitro.options.virtual['#chatbot-kit/plugin'] = () => pluginModule(configFile, base)
  nitro.options.virtual['#chatbot-kit/handler'] = () => HANDLER_MODULE
  nitro.options.plugins.push('#chatbot-kit/plugin')
  nitro.options.handlers.unshift({ route: `${base}/**`, handler: '#chatbot-kit/handler' })

  // chatbot-kit stays a node_modules import: it reads its own files (the widget bundle) and loads
  // native drivers at run time. Nuxt lists the package of every module it installs for inlining.
  const externals = (nitro.options.externals ??= {} as Nitro['options']['externals'])
  externals.inline = externals.inline?.filter((entry) => entry !== 'chatbot-kit')
  // Read by path at run time (with its precompressed copies), so the file tracer would not copy them into `.output/` by itself.
  const widgetFile = resolveWidgetFile()
  if (widgetFile) externals.traceInclude = [...(externals.traceInclude ?? []), ...widgetFiles(widgetFile)]

  // The app's own `h3` imports get the h3 Nitro runs on, whichever copy npm hoisted.
  const h3 = resolveNitroH3(nitro.options.entry ? dirname(nitro.options.entry) : nitro.options.rootDir)
  if (h3 && !nitro.options.alias.h3) nitro.options.alias.h3 = h3

  if (nitro.options.imports) {
    nitro.options.imports.presets ??= []
    nitro.options.imports.presets.push({ from: RUNTIME, imports: ['useChatbot', 'renderChatbotWidget'] })
  }
}

export default createChatbotNitroModule()
