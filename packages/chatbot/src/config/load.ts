import { existsSync, statSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ChatbotConfigException, type Chatbot, type ChatbotConfig, type CreateChatbotOptions, type ResolvedConfig, type ResolveOptions } from '@chatbot-kit/kernel'
import { createChatbot, resolveConfig } from '../create.js'
import { loadDotenv } from './dotenv.js'

export interface LoadConfigOptions extends ResolveOptions {
  cwd?: string
  /** A path relative to `cwd`, or absolute; default `chatbot.config.ts` (or `.mjs`/`.js`). */
  configFile?: string
  /** Values that beat both the file and the environment (e.g. CLI flags). */
  overrides?: ChatbotConfig
}

/** Tried in this order when the name comes without an extension. */
const EXTENSIONS = ['.js', '.ts', '.mjs', '.cjs', '.mts', '.cts']
/** Imported by Node itself; the others need c12's TypeScript loader. */
const NATIVE = new Set(['.js', '.mjs', '.cjs'])

/**
 * Loads `chatbot.config.*` and `.env` from `cwd`, then merges the environment over them, with
 * the built-in plugins' keys (`resolveConfig`).
 */
export async function loadChatbotConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const cwd = options.cwd ?? process.cwd()
  const file = findConfigFile(resolve(cwd, options.configFile ?? 'chatbot.config'))
  if (options.configFile && !file) throw new ChatbotConfigException('config', `the file ${options.configFile} does not exist`)
  loadDotenv(cwd)
  const config = file ? await importConfig(file, cwd) : {}
  const resolved = resolveConfig(config ?? {}, process.env, options)
  return options.overrides ? resolveConfig({ ...resolved, ...options.overrides }, {}, options) : resolved
}

/** Loads `chatbot.config.ts` and `.env` from `cwd`, then `createChatbot`. */
export async function loadChatbot(options: LoadConfigOptions & CreateChatbotOptions = {}): Promise<Chatbot> {
  return createChatbot(await loadChatbotConfig(options), options)
}

/** The file itself when it exists, else the first `path + extension` that does. */
function findConfigFile(path: string): string | undefined {
  if (EXTENSIONS.includes(extname(path)) && existsSync(path)) return path
  return EXTENSIONS.map((extension) => `${path}${extension}`).find((candidate) => existsSync(candidate))
}

/**
 * JavaScript is imported natively; TypeScript through c12 (jiti), which is loaded only then:
 * it is a tenth of a second of start-up that a `.mjs` config does not need.
 */
async function importConfig(file: string, cwd: string): Promise<ChatbotConfig | undefined> {
  if (NATIVE.has(extname(file))) {
    // The modification time in the URL makes a reload (`chatbot dev`) see an edited file.
    const module = (await import(`${pathToFileURL(file).href}?mtime=${statSync(file).mtimeMs}`)) as { default?: unknown }
    const exported = module.default ?? module
    return (typeof exported === 'function' ? await exported() : exported) as ChatbotConfig | undefined
  }
  const { loadConfig } = await import('c12')
  const { config } = await loadConfig<ChatbotConfig>({ cwd, name: 'chatbot', configFile: file, dotenv: false, rcFile: false, globalRc: false, packageJson: false })
  return config
}
