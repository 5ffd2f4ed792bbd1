import { existsSync } from 'node:fs'
import { join } from 'node:path'

// The order `loadChatbotConfig` (chatbot serve, the CLI) tries them in, so both pick the same file.
const NAMES = ['chatbot.config.js', 'chatbot.config.ts', 'chatbot.config.mjs', 'chatbot.config.cjs', 'chatbot.config.mts', 'chatbot.config.cts']

/** The app's `chatbot.config.*` at its root, if it has one. */
export function findChatbotConfig(rootDir: string): string | undefined {
  return NAMES.map((name) => join(rootDir, name)).find((path) => existsSync(path))
}

/**
 * The Nitro plugin, as a virtual module: it imports the app's config, so Nitro compiles the config
 * (and what it imports) into the server bundle and `.output/` runs without the source tree.
 */
export function pluginModule(configFile: string | undefined, base: string): string {
  return [
    configFile ? `import config from ${JSON.stringify(configFile)}` : 'const config = undefined',
    `import { setupNitroChatbot } from 'chatbot-kit/nitro/runtime'`,
    `export default (nitroApp) => setupNitroChatbot(nitroApp, config, ${JSON.stringify(base)})`,
  ].join('\n')
}

/** The route handler at `<base>/**`, as a virtual module. */
export const HANDLER_MODULE = [
  `import { handleChatbotRequest } from 'chatbot-kit/nitro/runtime'`,
  'export default (event) => handleChatbotRequest(event)',
].join('\n')
