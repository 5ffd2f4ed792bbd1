import { ChatbotConfigException, count, defineOptions, flag, list, type OptionSpec } from '@chatbot-kit/kernel'

export interface ThrottleConfig {
  /**
   * Requests a client may make per minute (a fixed window), 0 for no limit. Default `20`.
   * @env CHATBOT_THROTTLE_PER_MINUTE
   */
  perMinute?: number
  /**
   * Requests a client may make per UTC day, 0 for no limit. Default `200`.
   * @env CHATBOT_THROTTLE_PER_DAY
   */
  perDay?: number
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    throttle?: ThrottleConfig & {
      /** Route names the throttle never counts. Default `['chatbot.health', 'chatbot.widget-js', 'chatbot.admin.console']`. */
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

/** The throttle's keys: the two windows (per channel too), the routes it skips, the proxies it trusts. */
export const throttleOptions = defineOptions({
  'throttle.perMinute': count(20, 0, 1_000_000_000, { env: 'CHATBOT_THROTTLE_PER_MINUTE', channel: true, doc: 'requests per client address and channel per minute' }),
  'throttle.perDay': count(200, 0, 1_000_000_000, { env: 'CHATBOT_THROTTLE_PER_DAY', channel: true, doc: 'requests per client address and channel per UTC day' }),
  'throttle.trustProxy': trustProxy,
  'throttle.exempt': list(['chatbot.health', 'chatbot.widget-js', 'chatbot.admin.console'], { doc: 'route names the throttle never counts' }),
})
