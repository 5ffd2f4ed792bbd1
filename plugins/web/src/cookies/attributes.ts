import { getRequestProtocol, type H3Event, type setCookie } from 'h3'

type CookieSerializeOptions = NonNullable<Parameters<typeof setCookie>[3]>

/** `true`/`false` force the `Secure` attribute; `'auto'` sets it when the request is HTTPS. */
export type SecureCookies = boolean | 'auto'

/**
 * Attributes of every cookie this plugin sets: http-only (no script reads them, the widget
 * included), `SameSite=Lax`, path `/` (they are set on the host's page and sent to the chatbot
 * routes), `Secure` over HTTPS. `'auto'` believes `X-Forwarded-Proto`: a client can only
 * change the attribute on its own cookie that way, while a TLS-terminating proxy needs it.
 */
export function cookieAttributes(event: H3Event, secure: SecureCookies, maxAge: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge,
    secure: secure === 'auto' ? getRequestProtocol(event, { xForwardedProto: true }) === 'https' : secure,
  }
}
