import { ChatbotConfigException, count, defineOptions, flag, list, type OptionSpec } from '@chatbot-kit/kernel'

export interface ThrottleConfig {
  /**
   * Requests a client may make per minute (a fixed window), 0 for no limit. Default `20`. The
   * routes in `throttle.exempt` do not count: by default only messages, approval decisions and
   * plugin routes do, not the history, resume, stop and rating requests around them.
   * @env CHATBOT_THROTTLE_PER_MINUTE
   */
  perMinute?: number
  /**
   * Requests a client may make per UTC day, 0 for no limit. Default `200`. Counted as `perMinute` is.
   * @env CHATBOT_THROTTLE_PER_DAY
   */
  perDay?: number
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    throttle?: ThrottleConfig & {
      /**
       * Route names the throttle never counts. Default `DEFAULT_EXEMPT`: health, widget.js, the
       * console's files, and what a page does around its messages (history, resume, stop, rating).
       */
      exempt?: string[]
      /**
       * Read the client address from `X-Forwarded-For`: `true` (one proxy) or the number of trusted
       * proxy hops; see docs/limits.md. Default `false`.
       * @env CHATBOT_THROTTLE_TRUST_PROXY
       */
      trustProxy?: boolean | number
    }
  }
  interface ResolvedConfig {
    throttle: { perMinute: number; perDay: number; exempt: string[]; trustProxy: boolean | number }
  }
  interface ChannelConfig {
    /** This channel's throttle; falls back to the top-level `throttle`. */
    throttle?: ThrottleConfig
  }
  interface ChannelSettings {
    throttle: { perMinute: number; perDay: number }
  }
}

const trustProxyFlag = flag(false, { env: 'CHATBOT_THROTTLE_TRUST_PROXY', doc: 'only behind your own proxy: true (one) or the number of proxy hops' })

/** `true`/`false`, or a whole number of proxy hops; the env variable reads digits as the hop count. */
const trustProxy: OptionSpec = {
  ...trustProxyFlag,
  check(value, key) {
    if (typeof value !== 'boolean' && !(Number.isInteger(value) && (value as number) >= 0)) {
      throw new ChatbotConfigException(key, `expected true, false or a number of proxy hops, got ${JSON.stringify(value)}`)
    }
  },
  env: { name: 'CHATBOT_THROTTLE_TRUST_PROXY', parse: (raw, env) => (/^\d+$/.test(raw.trim()) ? Number(raw) : trustProxyFlag.env!.parse(raw, env)) },
}

/**
 * The routes the throttle skips unless `throttle.exempt` says otherwise (docs/limits.md#what-counts):
 * what it counts are the requests that make the model work, messages and approval decisions.
 */
export const DEFAULT_EXEMPT: readonly string[] = [
  // A throttled liveness probe restarts healthy servers.
  'chatbot.health',
  // A throttled script breaks every page behind one shared NAT.
  'chatbot.widget-js',
  // The console's page and files carry no data (its API, `chatbot.admin`, is counted).
  'chatbot.admin.console',
  // What a page does around the messages it sends: load the history, resume or stop a reply, rate
  // one. Each follows the visitor's page loads and messages; counted with them, a visitor who
  // reloads and rates ran out of messages (10 a minute on the playground's support channel).
  'chatbot.conversations.messages',
  'chatbot.conversations.stream',
  'chatbot.conversations.stop',
  'chatbot.messages.feedback',
]

/** The throttle's keys: the two windows (per channel too), the routes it skips, the proxies it trusts. */
export const throttleOptions = defineOptions({
  'throttle.perMinute': count(20, 0, 1_000_000_000, { env: 'CHATBOT_THROTTLE_PER_MINUTE', channel: true, doc: 'requests per client address and channel per minute' }),
  'throttle.perDay': count(200, 0, 1_000_000_000, { env: 'CHATBOT_THROTTLE_PER_DAY', channel: true, doc: 'requests per client address and channel per UTC day' }),
  'throttle.trustProxy': trustProxy,
  'throttle.exempt': list([...DEFAULT_EXEMPT], { doc: 'route names the throttle never counts' }),
})
