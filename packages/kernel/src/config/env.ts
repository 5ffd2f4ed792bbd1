import { ChatbotConfigException } from '../errors/index.js'
import type { ChatbotConfig } from './types.js'

type Parser = (raw: string, env: string) => unknown

const int: Parser = (raw, env) => {
  if (!/^-?\d+$/.test(raw.trim())) throw new ChatbotConfigException(env, `expected a whole number, got "${raw}"`)
  return Number(raw)
}
const nullableInt: Parser = (raw, env) => (/^(null|none|)$/i.test(raw.trim()) ? null : int(raw, env))
const bool: Parser = (raw, env) => {
  if (/^(1|true|yes|on)$/i.test(raw.trim())) return true
  if (/^(0|false|no|off)$/i.test(raw.trim())) return false
  throw new ChatbotConfigException(env, `expected true or false, got "${raw}"`)
}
/** `true`/`false`, or a whole number (a count of proxy hops). */
const boolOrCount: Parser = (raw, env) => (/^\d+$/.test(raw.trim()) ? Number(raw) : bool(raw, env))
const text: Parser = (raw) => raw
const list: Parser = (raw) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** Each env variable, the config path it overrides, and how to read it. */
const ENV_KEYS: [env: string, path: string, parse: Parser][] = [
  ['CHATBOT_BASE_URL', 'baseUrl', text],
  ['CHATBOT_API_KEY', 'apiKey', text],
  ['CHATBOT_MODEL', 'model', text],
  ['CHATBOT_PROVIDER_SUPPORTS_TOOLS', 'provider.supportsTools', bool],
  ['CHATBOT_PROVIDER_RETRIES', 'provider.retries', int],
  ['CHATBOT_ROUTE_MIDDLEWARE', 'routeMiddleware', list],
  ['CHATBOT_PLAYWRIGHT_FIXTURE', 'playwrightFixture.enabled', bool],
  ['CHATBOT_THROTTLE_PER_MINUTE', 'throttle.perMinute', int],
  ['CHATBOT_THROTTLE_PER_DAY', 'throttle.perDay', int],
  ['CHATBOT_THROTTLE_TRUST_PROXY', 'throttle.trustProxy', boolOrCount],
  ['CHATBOT_CONVERSATION_TTL', 'conversationTtl', int],
  ['CHATBOT_RETENTION_DAYS', 'retentionDays', nullableInt],
  ['CHATBOT_STREAM_DURATION', 'streamDuration', int],
  ['CHATBOT_SHUTDOWN_GRACE', 'shutdownGrace', int],
  ['CHATBOT_TOKEN_CAP', 'tokenCap', int],
  ['CHATBOT_DAILY_QUOTA_INPUT', 'dailyQuota.input', int],
  ['CHATBOT_DAILY_QUOTA_OUTPUT', 'dailyQuota.output', int],
  ['CHATBOT_CONTEXT_SECTION_SIZE_CAP', 'context.sectionSizeCap', int],
  ['CHATBOT_TOOLS_MAX_CALLS_PER_TURN', 'tools.maxCallsPerTurn', int],
  ['CHATBOT_TOOLS_DEFAULT_TIMEOUT', 'tools.defaultTimeout', int],
  ['CHATBOT_TOOLS_REPLAY_FRESHNESS', 'tools.replayFreshness', int],
  ['CHATBOT_TOOLS_DEFAULT_MAX_ARG_LENGTH', 'tools.defaultMaxArgLength', int],
  ['CHATBOT_TOOLS_RESULT_SIZE_CAP', 'tools.resultSizeCap', int],
  ['CHATBOT_APP_KEY', 'appKey', text],
  ['CHATBOT_APP_KEY_PREVIOUS', 'appKeyPrevious', list],
  ['CHATBOT_DATABASE_URL', 'database.url', text],
  ['CHATBOT_DATABASE_TABLE_PREFIX', 'database.tablePrefix', text],
  ['CHATBOT_DATABASE_SCHEMA', 'database.schema', text],
  ['CHATBOT_STORAGE_URL', 'storage', text],
  ['CHATBOT_ADMIN_TOKEN', 'admin.token', text],
  ['CHATBOT_TELEMETRY_CAPTURE_CONTENT', 'telemetry.captureContent', bool],
]

export const ENV_NAMES: ReadonlyMap<string, string> = new Map(ENV_KEYS.map(([env, path]) => [path, env]))

/** The config overrides found in `env`, as a partial config object. Env beats the config file. */
export function configFromEnv(env: Record<string, string | undefined>): ChatbotConfig {
  const out: Record<string, unknown> = {}
  for (const [name, path, parse] of ENV_KEYS) {
    const raw = env[name]
    if (raw === undefined) continue
    if (raw === '' && parse !== list && parse !== nullableInt) continue
    setPath(out, path, parse(raw, name))
  }
  return out as ChatbotConfig
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  let node = target
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>
  node[keys.at(-1)!] = value
}
