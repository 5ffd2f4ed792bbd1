import { createCookieJar } from '@chatbot-kit/test-utils'
import { createEnvelopeSigner } from '@chatbot-kit/kernel'
import type { ChatSession } from './checks.js'

/** A session for `routeMiddleware: []` (chatbot serve, nodeHandler): an envelope minted with the app key, no cookies. */
export function mintedSession(appKey: string, claims: { userId: string; route: string }): ChatSession {
  return { envelope: createEnvelopeSigner({ appKey }).mint({ ...claims, channel: 'support' }), fetch: (url, init) => fetch(url, init) }
}

/**
 * A session as a browser gets it from a page the host rendered under the default `web`
 * middleware: the envelope of its `<chatbot-widget>`, the cookies of the page's response and the
 * token of its `<meta name="csrf-token">`, sent as the widget sends them.
 */
export async function pageSession(url: string, headers: Record<string, string> = {}): Promise<ChatSession & { html: string; cookies: string[] }> {
  const jar = createCookieJar()
  const page = await jar.fetch(url, { headers })
  const html = await page.text()
  if (page.status !== 200) throw new Error(`GET ${url} answered ${page.status}:\n${html}`)
  const envelope = html.match(/<chatbot-widget[^>]*\ssigned-context="([^"]+)"/)?.[1]
  const csrf = html.match(/<meta name="csrf-token" content="([^"]+)"/)?.[1]
  if (!envelope || !csrf) throw new Error(`The page at ${url} has no widget envelope or CSRF meta tag:\n${html}`)
  return {
    envelope,
    html,
    cookies: page.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('='))),
    fetch: (target, init = {}) => jar.fetch(target, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-csrf-token': csrf } }),
  }
}
