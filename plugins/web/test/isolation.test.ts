import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationCookieName, GUEST_COOKIE, SESSION_COOKIE } from '../src/index.js'
import { createWebHarness, type WebHarness } from './harness.js'

describe('health and widget.js stay outside the web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ playwrightFixture: { enabled: true } })
  })
  afterAll(() => h.close())

  const cookieSets = [
    {},
    { [GUEST_COOKIE]: 'plaintext-guest', [SESSION_COOKIE]: 'tampered', [conversationCookieName('default')]: '7' },
  ]

  it.each(['/chatbot/health', '/chatbot/widget.js'])('%s never sets a cookie, with or without (bad) cookies in the request', async (path) => {
    for (const cookies of cookieSets) {
      const header = Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ')
      const response = await fetch(`${h.origin}${path}`, { headers: header ? { cookie: header, 'x-forwarded-proto': 'https' } : {} })
      expect(response.status).toBe(200)
      expect(response.headers.getSetCookie()).toEqual([])
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it('a POST to health is not a CSRF failure: the route does not exist for it', async () => {
    const response = await fetch(`${h.origin}/chatbot/health`, { method: 'POST' })
    expect(response.status).not.toBe(419)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})
