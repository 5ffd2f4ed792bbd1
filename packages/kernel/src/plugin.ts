import type { NestedHooks } from 'hookable'
import type { Migration } from 'kysely'
import type { OptionDeclarations } from './config/options.js'
import type { ChatbotHooks } from './hooks.js'
import type { PluginSetupContext } from './plugin-api.js'

/**
 * A plugin is a plain named object. It declares the config keys it owns (`options`), the tables
 * its `migrations` create, and reaches the turn through `hooks`, registered before `setup` runs.
 * `enforce: 'pre'` plugins come first and `'post'` last (the sanitizer escapes after everyone has
 * added context). docs/plugins.md describes each field.
 */
export interface ChatbotPlugin {
  name: string
  enforce?: 'pre' | 'post'
  /** Names of plugins that must be registered before this one. */
  dependsOn?: string[]
  /** The config keys this plugin owns: default, env variable, per-channel key, check. */
  options?: OptionDeclarations
  /** The tables its migrations create; `database.tablePrefix` and `database.schema` apply to them. */
  tables?: string[]
  /** Its migrations by date-prefixed name, applied in name order together with the kernel's. */
  migrations?: Readonly<Record<string, Migration>>
  hooks?: NestedHooks<ChatbotHooks>
  /** Runs once at start-up, awaited, with the plugin API. */
  setup?: (api: PluginSetupContext) => void | Promise<void>
}

declare module './config/types.js' {
  interface ChatbotConfig {
    /** Host plugins, run after the built-in ones. */
    plugins?: ChatbotPlugin[]
  }
}

declare module './config/resolved.js' {
  interface ResolvedConfig {
    /** Every plugin, in the order given: chatbot-kit's built-ins, then the host's. */
    plugins: ChatbotPlugin[]
  }
}

export function definePlugin<P extends ChatbotPlugin>(plugin: P): P {
  return plugin
}
