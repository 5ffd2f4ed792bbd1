import { ChatbotConfigException, defineOptions, ENVELOPE_TTL_SECONDS, flag } from '@chatbot-kit/kernel'
import type { SecureCookies } from './cookies/attributes.js'

/** The web plugin's config keys. */
export const webOptions = defineOptions({
  'playwrightFixture.enabled': flag(false, { env: 'CHATBOT_PLAYWRIGHT_FIXTURE', doc: 'serves <base>/test-fixture for end-to-end tests; never in production' }),
})

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    playwrightFixture?: {
      /**
       * Serves `GET <base>/test-fixture` for end-to-end tests. Never in production. Default `false`.
       * @env CHATBOT_PLAYWRIGHT_FIXTURE
       */
      enabled?: boolean
    }
  }
  interface ResolvedConfig {
    playwrightFixture: { enabled: boolean }
  }
}

/** The arguments of `webPlugin()` itself; the config keys are `webOptions`. */
export interface WebPluginOptions {
  /**
   * Lifetime of the session holding the CSRF token, in seconds (default 7200). A page render
   * re-issues a session past half its lifetime, so it must be at least twice the 900 s
   * envelope lifetime: a page never outlives its session.
   */
  sessionLifetime?: number
  /** The cookies' `Secure` attribute (default `'auto'`: when the request is HTTPS, `X-Forwarded-Proto` included). */
  secureCookies?: SecureCookies
}

export type ResolvedWebOptions = Required<WebPluginOptions>

export function resolveWebOptions(options: WebPluginOptions): ResolvedWebOptions {
  const sessionLifetime = options.sessionLifetime ?? 7200
  if (!Number.isSafeInteger(sessionLifetime) || sessionLifetime < 2 * ENVELOPE_TTL_SECONDS) {
    throw new ChatbotConfigException('web.sessionLifetime', `must be a whole number of seconds, at least ${2 * ENVELOPE_TTL_SECONDS}, got ${String(sessionLifetime)}`)
  }
  const secureCookies = options.secureCookies ?? 'auto'
  if (secureCookies !== 'auto' && typeof secureCookies !== 'boolean') {
    throw new ChatbotConfigException('web.secureCookies', `must be true, false or "auto", got ${JSON.stringify(secureCookies)}`)
  }
  return { sessionLifetime, secureCookies }
}
