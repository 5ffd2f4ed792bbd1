import { ChatbotConfigException, ENVELOPE_TTL_SECONDS } from '@chatbot-kit/kernel'
import type { SecureCookies } from './cookies/attributes.js'

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
