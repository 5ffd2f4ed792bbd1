import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadConfig } from 'c12'
import { ChatbotConfigException } from '../errors/index.js'
import type { ChatbotConfig, ResolvedConfig } from './types.js'
import { resolveConfig } from './resolve.js'

export interface LoadConfigOptions {
  cwd?: string
  /** A path relative to `cwd`, or absolute; default `chatbot.config.ts` (or `.mjs`/`.js`). */
  configFile?: string
  /** Values that beat both the file and the environment (e.g. CLI flags). */
  overrides?: ChatbotConfig
}

/** Loads `chatbot.config.*` and `.env` from `cwd` (c12), then merges the environment over them. */
export async function loadChatbotConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const cwd = options.cwd ?? process.cwd()
  if (options.configFile && !configFileExists(resolve(cwd, options.configFile))) {
    throw new ChatbotConfigException('config', `the file ${options.configFile} does not exist`)
  }
  const { config } = await loadConfig<ChatbotConfig>({
    cwd,
    name: 'chatbot',
    configFile: options.configFile?.replace(/\.(c|m)?[jt]s$/, '') ?? 'chatbot.config',
    dotenv: { cwd },
    rcFile: false,
    globalRc: false,
    packageJson: false,
  })
  const resolved = resolveConfig(config ?? {}, process.env)
  return options.overrides ? resolveConfig({ ...resolved, ...options.overrides }, {}) : resolved
}

/** An explicit `--config` may name the file with or without its extension. */
function configFileExists(path: string): boolean {
  return ['', '.ts', '.mts', '.js', '.mjs'].some((extension) => existsSync(`${path}${extension}`))
}
