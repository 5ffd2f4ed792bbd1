import { ChatbotConfigException } from '../errors/start-up.js'
import { channelLevel, copyOf, declarationsOf, topLevel, type Declarations } from './declarations.js'
import { configFromEnv } from './env.js'
import type { OptionOwner } from './options.js'
import { getPath, setPath } from './paths.js'
import { isPlainObject } from './plain-object.js'
import type { ChatbotConfig } from './types.js'
import type { ResolvedConfig } from './resolved.js'

export interface ResolveOptions {
  /** Plugins before the config's own `plugins` (chatbot-kit's built-ins); one the config names again is replaced. */
  plugins?: readonly OptionOwner[]
  /** Defaults that beat the declared ones (chatbot-kit sets `routeMiddleware: ['web']`). */
  defaults?: Record<string, unknown>
}

const RESOLVED = Symbol.for('chatbot-kit.resolved-config')
const DECLARATIONS = Symbol.for('chatbot-kit.config-declarations')
const SOURCE = Symbol.for('chatbot-kit.config-source')

/** What a resolved config was made from, so a wiring that adds plugins can resolve it again from the start. */
export interface ConfigSource {
  config: ChatbotConfig
  env: Record<string, string | undefined>
  options: ResolveOptions
}

/**
 * Defaults < config file < environment, for the kernel's keys and every plugin's. Arrays and
 * functions replace, plain objects merge. Throws `ChatbotConfigException` naming the first bad key.
 */
export function resolveConfig(config: ChatbotConfig = {}, env: Record<string, string | undefined> = process.env, options: ResolveOptions = {}): ResolvedConfig {
  const file = withDatabaseObject(config) as Record<string, unknown>
  const own = file.plugins ?? []
  if (!Array.isArray(own)) throw new ChatbotConfigException('plugins', 'expected a list of plugins')
  const names = new Set(own.map((plugin: OptionOwner) => plugin?.name))
  const plugins = [...(options.plugins ?? []).filter((plugin) => !names.has(plugin.name)), ...(own as OptionOwner[])]
  const declarations = declarationsOf(plugins)
  const merged = merge(merge(merge(defaultsOf(declarations), options.defaults ?? {}), file), configFromEnv(env, declarations))
  merged.plugins = plugins
  merged.channels = { default: {}, ...(merged.channels as object) }
  validate(merged, declarations)
  Object.defineProperty(merged, RESOLVED, { value: true })
  Object.defineProperty(merged, DECLARATIONS, { value: declarations })
  Object.defineProperty(merged, SOURCE, { value: { config, env, options } satisfies ConfigSource })
  return merged as unknown as ResolvedConfig
}

/** The config file, environment and options a resolved config was made from. */
export function sourceOfConfig(config: ResolvedConfig): ConfigSource | undefined {
  return (config as unknown as Record<symbol, ConfigSource | undefined>)[SOURCE]
}

/** Checks a resolved config again (after a host changed it), against the keys it was resolved with. */
export function validateConfig(config: ResolvedConfig): void {
  validate(config as unknown as Record<string, unknown>, declarationsOfConfig(config))
}

/** A config that already went through `resolveConfig` (so env is not applied twice). */
export function isResolvedConfig(config: object): config is ResolvedConfig {
  return (config as Record<symbol, unknown>)[RESOLVED] === true
}

/** The keys a resolved config was checked against: the kernel's and its plugins'. */
export function declarationsOfConfig(config: ResolvedConfig): Declarations {
  return (config as unknown as Record<symbol, Declarations | undefined>)[DECLARATIONS] ?? declarationsOf((config as { plugins?: OptionOwner[] }).plugins ?? [])
}

/** `database: 'file.sqlite'` is short for `database: { url: 'file.sqlite' }`. */
function withDatabaseObject(config: ChatbotConfig): ChatbotConfig {
  return typeof config.database === 'string' ? { ...config, database: { url: config.database } } : config
}

/** Every top-level key with its default; an unset one is present as `undefined`, as in 1.0's resolved config. */
function defaultsOf(declarations: Declarations): Record<string, unknown> {
  const defaults: Record<string, unknown> = {}
  const paths = [...declarations.keys()]
  for (const [path, spec] of topLevel(declarations)) {
    // A block declared for its own check (`database`) gets its value from its keys.
    if (spec.default === undefined && paths.some((other) => other.startsWith(`${path}.`))) continue
    setPath(defaults, path, copyOf(spec.default))
  }
  return defaults
}

/** Free-name maps are replaced as a whole, as a host's `middleware` must not keep a default's entries. */
const REPLACED = new Set(['middleware'])

function merge(base: Record<string, unknown>, override: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue
    const current = out[key]
    out[key] = isPlainObject(current) && isPlainObject(value) && !REPLACED.has(key) ? merge(current, value) : value
  }
  return out
}

function validate(config: Record<string, unknown>, declarations: Declarations): void {
  for (const [path, spec] of topLevel(declarations)) {
    const value = getPath(config, path)
    if (value === undefined && spec.default === undefined) continue
    spec.check(value, path)
  }
  const perChannel = channelLevel(declarations)
  for (const [name, block] of Object.entries(config.channels as Record<string, unknown>)) {
    if (!/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(name)) throw new ChatbotConfigException(`channels.${name}`, 'a channel name is letters, digits, - and _')
    if (!isPlainObject(block)) throw new ChatbotConfigException(`channels.${name}`, 'expected an object')
    for (const [path, spec] of perChannel) {
      const value = getPath(block, path)
      if (value !== undefined) spec.check(value, `channels.${name}.${path}`)
    }
  }
}
