import { expect, it } from 'vitest'
import type { DemoProvider } from '@chatbot-kit/demo-provider'
import { decodeBody, rawRequest, readSse } from '@chatbot-kit/test-utils'

/** The admin token the apps run with (`CHATBOT_ADMIN_TOKEN`). */
export const PACKED_ADMIN_TOKEN = 'packed-admin-token-0123456789'

/** The `support` channel's greeting in the apps' chatbot.config.ts. */
export const GREETING = 'Hello from chatbot.config.ts'

/** Where a chat's envelope comes from: minted with the app key, or taken from a rendered page with its cookies and CSRF token. */
export interface ChatSession {
  envelope: string
  /** `fetch` as the page's browser would send it (cookies, `X-CSRF-TOKEN`). */
  fetch(url: string, init?: RequestInit): Promise<Response>
}

export interface PackedApp {
  origin: string
  provider: DemoProvider
  /** The host route name the session's envelope binds. */
  route: string
  session(): Promise<ChatSession>
}

/** The payload of an envelope, to read what the server put in it. */
export function envelopeClaims(envelope: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(envelope.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** The checks every app passes: health, widget.js, a streamed reply and its history, the chatbot's 404. */
export function itServesTheChatbot(label: string, app: () => PackedApp): void {
  it('answers health', async () => {
    const response = await fetch(`${app().origin}/chatbot/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', active_streams: 0 })
  })

  it('serves widget.js, brotli or gzip as its build precompressed it (the copies ship with every kind of build)', async () => {
    const url = `${app().origin}/chatbot/widget.js`
    const response = await rawRequest(url)
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body.length).toBeGreaterThan(1000)
    for (const coding of ['br', 'gzip']) {
      const encoded = await rawRequest(url, { headers: { 'accept-encoding': `${coding}, identity;q=0.5` } })
      expect(encoded.headers['content-encoding'], coding).toBe(coding)
      expect(decodeBody(encoded).equals(response.body), `${coding} decodes to the bundle`).toBe(true)
    }
  })

  it('streams a reply from the provider and keeps it for the history route', async () => {
    const { origin, provider, route } = app()
    const session = await app().session()
    provider.script({ text: `Hello from ${label}` })
    const response = await session.fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: session.envelope, message: 'hi there' }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const events = await readSse<{ type: string; content?: string }>(response)
    expect(events.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe(`Hello from ${label}`)
    expect(events.at(-1)?.type).toBe('done')

    const history = await session.fetch(`${origin}/chatbot/conversations/${conversationId}/messages?signed_context=${encodeURIComponent(session.envelope)}`)
    expect(history.status).toBe(200)
    const { messages } = (await history.json()) as { messages: { role: string; content: string; route_name: string }[] }
    expect(messages.map((message) => [message.role, message.content, message.route_name])).toEqual([
      // The channel's greeting from chatbot.config.ts opens the conversation.
      ['assistant', GREETING, null],
      ['user', 'hi there', route],
      ['assistant', `Hello from ${label}`, route],
    ])
  })

  it('serves the admin console: its page and the files it names, shipped by every kind of build', async () => {
    const page = await fetch(`${app().origin}/chatbot/admin/conversations`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const assets = [...(await page.text()).matchAll(/(?:src|href)="(\.\.?\/assets\/[^"]+)"/g)].map((match) => new URL(match[1]!, page.url))
    expect(assets.length).toBeGreaterThanOrEqual(2)
    for (const asset of assets) {
      const served = await rawRequest(asset.href, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(served.status, asset.pathname).toBe(200)
      expect(served.headers['content-encoding'], asset.pathname).toBe('br')
    }
    const health = await fetch(`${app().origin}/chatbot/admin/trpc/health`, { headers: { authorization: `Bearer ${PACKED_ADMIN_TOKEN}` } })
    expect(health.status, await health.clone().text()).toBe(200)
    // The built-in plugins' procedures, loaded from their packages with the first admin request.
    const capabilities = await fetch(`${app().origin}/chatbot/admin/trpc/capabilities`, { headers: { authorization: `Bearer ${PACKED_ADMIN_TOKEN}` } })
    expect(((await capabilities.json()) as { result: { data: { procedures: string[] } } }).result.data.procedures).toEqual(expect.arrayContaining(['approvals.list', 'feedback.list', 'retention.prune', 'usage.daily']))
  })

  it('answers unknown chatbot paths with the chatbot 404', async () => {
    const unknown = await fetch(`${app().origin}/chatbot/nope`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
  })
}
