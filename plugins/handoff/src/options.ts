import { ChatbotConfigException, defineOptions, type ChannelSettings, type OptionSpec } from '@chatbot-kit/kernel'

const DAY = 86_400
/** Seconds a request waits for an agent before the conversation goes back to the bot. */
export const DEFAULT_WAIT_TIMEOUT = 300
/** What the user reads when nobody claimed the conversation in time. */
export const DEFAULT_TIMEOUT_MESSAGE = 'Nobody is available to take over right now, so the assistant is answering again. Please try again later if you still need a person.'

/** Where state changes and user messages go while a person is asked for or holds the conversation. */
export interface HandoffWebhook {
  url: string
  /** `whsec_…`: the Standard Webhooks secret (base64 after the prefix). */
  secret: string
}

/** `channels.<name>.handoff`. */
export interface ChannelHandoff {
  enabled: boolean
  /** Seconds a request waits for an agent; then back to the bot, and the user is told. Default 300. */
  waitTimeout?: number
  /** What the user is told when nobody claimed in time. */
  message?: string
  /** This channel's receiver, in place of the top-level `handoff.webhook`. */
  webhook?: HandoffWebhook
}

const fail = (key: string, problem: string): never => {
  throw new ChatbotConfigException(key, problem)
}
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The object's fields, after refusing one not in `allowed`. */
function fieldsOf(value: unknown, key: string, allowed: readonly string[]): Record<string, unknown> {
  if (!isObject(value)) fail(key, `expected { ${allowed.join(', ')} }`)
  const unknown = Object.keys(value as object).find((name) => !allowed.includes(name))
  if (unknown !== undefined) fail(`${key}.${unknown}`, `unknown key (expected ${allowed.join(', ')})`)
  return value as Record<string, unknown>
}

function checkWebhook(value: unknown, key: string): void {
  if (value === undefined) return
  const { url, secret } = fieldsOf(value, key, ['url', 'secret'])
  if (typeof url !== 'string' || !/^https?:\/\/[^/\s]+/.test(url)) fail(`${key}.url`, `expected an http(s) URL, got ${JSON.stringify(url)}`)
  if (typeof secret !== 'string' || !/^whsec_[A-Za-z0-9+/]+=*$/.test(secret)) fail(`${key}.secret`, 'expected a Standard Webhooks secret: "whsec_" then base64')
}

/** `channels.<name>.handoff`: `{ enabled, waitTimeout?, message?, webhook? }`. */
const channelHandoff: OptionSpec = {
  default: undefined,
  channel: 'only',
  doc: 'a person can take the conversation over: { enabled, waitTimeout? (seconds, default 300), message?, webhook? }',
  check(value, key) {
    if (value === undefined) return
    const { enabled, waitTimeout, message, webhook } = fieldsOf(value, key, ['enabled', 'waitTimeout', 'message', 'webhook'])
    if (typeof enabled !== 'boolean') fail(`${key}.enabled`, `expected true or false, got ${JSON.stringify(enabled)}`)
    if (waitTimeout !== undefined && !(Number.isInteger(waitTimeout) && (waitTimeout as number) >= 1 && (waitTimeout as number) <= DAY)) fail(`${key}.waitTimeout`, `expected whole seconds from 1 to ${DAY}, got ${JSON.stringify(waitTimeout)}`)
    if (message !== undefined && (typeof message !== 'string' || message.trim() === '')) fail(`${key}.message`, 'expected a non-empty string')
    checkWebhook(webhook, `${key}.webhook`)
  },
}

/** The handoff plugin's keys (contract §11.3). */
export const handoffOptions = defineOptions({
  'handoff.webhook': { default: undefined, doc: 'a helpdesk receiving state changes and user messages: { url, secret: "whsec_…" }', example: "{ url: 'https://helpdesk.example.com/hooks/chatbot', secret: process.env.HANDOFF_WEBHOOK_SECRET }", check: checkWebhook },
  handoff: channelHandoff,
})

/** A channel's handoff settings with defaults, or undefined when handoff is off there. */
export interface EffectiveHandoff {
  waitTimeout: number
  message: string
  webhook: HandoffWebhook | undefined
}

export function handoffOf(settings: ChannelSettings, topLevel: HandoffWebhook | undefined): EffectiveHandoff | undefined {
  const block = settings.handoff
  if (!block?.enabled) return undefined
  return { waitTimeout: block.waitTimeout ?? DEFAULT_WAIT_TIMEOUT, message: block.message ?? DEFAULT_TIMEOUT_MESSAGE, webhook: block.webhook ?? topLevel }
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    handoff?: {
      /** Receives each state change and each user message while not `bot`, signed (Standard Webhooks). */
      webhook?: HandoffWebhook
    }
  }
  interface ResolvedConfig {
    handoff: { webhook: HandoffWebhook | undefined }
  }
  interface ChannelConfig {
    /** A person can take the conversation over (docs/handoff.md). Default: off. */
    handoff?: ChannelHandoff
  }
  interface ChannelSettings {
    handoff: ChannelHandoff | undefined
  }
}
