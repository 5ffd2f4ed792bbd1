import { ChatbotConfigException, defineOptions, list, type OptionSpec } from '@chatbot-kit/kernel'
import { parseOriginEntry } from './allowlist.js'

const originList = list([], { env: 'CHATBOT_ORIGINS', channel: true, doc: "pages allowed to call the routes, e.g. ['https://shop.example.com']; [] = any" })

/** `origins` and `channels.<name>.origins`: a list of origins, each checked at start-up. */
const origins: OptionSpec = {
  ...originList,
  // An empty CHATBOT_ORIGINS is unset, not "any origin": it must not silently open a list set in the file.
  env: { name: 'CHATBOT_ORIGINS', parse: (raw, env) => originList.env!.parse(raw, env) },
  check(value, key) {
    originList.check(value, key)
    for (const entry of value as string[]) {
      const rule = parseOriginEntry(entry)
      if ('problem' in rule) throw new ChatbotConfigException(key, rule.problem)
    }
  },
}

/** The origin plugin's keys. See docs/origins.md. */
export const originOptions = defineOptions({ origins })

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    /**
     * Page origins allowed to use the chatbot (`https://shop.example.com`, or `https://*.example.com`
     * for its subdomains): a request whose `Origin` header is not listed gets 403
     * `origin_not_allowed`. List your own site too. A channel's `origins` beats it. Default `[]`: any origin.
     * @env CHATBOT_ORIGINS (a comma list)
     */
    origins?: string[]
  }
  interface ResolvedConfig {
    origins: string[]
  }
  interface ChannelConfig {
    /** This channel's allowed page origins; beats the top-level `origins`. */
    origins?: string[]
  }
  interface ChannelSettings {
    origins: string[]
  }
}
