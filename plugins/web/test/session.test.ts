import { ChatbotConfigException, generateAppKey } from '@chatbot-kit/kernel'
import { parseSetCookie } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieCipher } from '../src/cookies/cipher.js'
import { SESSION_COOKIE, webPlugin } from '../src/index.js'
import { createWebHarness, type WebHarness } from './harness.js'

const appKey = generateAppKey()
const cipher = createCookieCipher({ appKey })
const now = () => Math.floor(Date.now() / 1000)
const sealSession = (data: unknown) => cipher.seal(SESSION_COOKIE, JSON.stringify(data))

describe('the CSRF session', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ appKey }, { web: { sessionLifetime: 3600 } })
  })
  afterAll(() => h.close())

  it('lives sessionLifetime seconds, in the cookie and in the sealed data', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const line = page.response.headers.getSetCookie().map(parseSetCookie).find((cookie) => cookie.name === SESSION_COOKIE)!
    expect(line.attributes['max-age']).toBe('3600')
    const data = JSON.parse(cipher.open(SESSION_COOKIE, browser.get(SESSION_COOKIE)!)!.value) as { csrf: string; exp: number }
    expect(data.csrf).toBe(page.csrf)
    expect(data.exp - now()).toBeGreaterThan(3590)
    expect(data.exp - now()).toBeLessThanOrEqual(3600)
  })

  it('an expired session is 419 even with its own token, and a render starts a new one', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    browser.set(SESSION_COOKIE, sealSession({ csrf: page.csrf, exp: now() - 1 }))
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(419)
    const next = await h.page(browser)
    expect(next.csrf).not.toBe(page.csrf)
  })

  it('is re-issued with the same token at render once past half its lifetime, and not before', async () => {
    const browser = h.browser()
    browser.set(SESSION_COOKIE, sealSession({ csrf: 'kept-token', exp: now() + 1900 }))
    const fresh = await h.page(browser)
    expect(fresh.csrf).toBe('kept-token')
    expect(fresh.response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false)

    browser.set(SESSION_COOKIE, sealSession({ csrf: 'kept-token', exp: now() + 1700 }))
    const aging = await h.page(browser)
    expect(aging.csrf).toBe('kept-token')
    const data = JSON.parse(cipher.open(SESSION_COOKIE, browser.get(SESSION_COOKIE)!)!.value) as { exp: number }
    expect(data.exp - now()).toBeGreaterThan(3590)
  })

  it.each([
    ['not JSON', 'csrf'],
    ['no token', JSON.stringify({ exp: now() + 100 })],
    ['no expiry', JSON.stringify({ csrf: 'x' })],
  ])('a sealed session with %s counts as none', async (_, value) => {
    const browser = h.browser()
    const page = await h.page(browser)
    browser.set(SESSION_COOKIE, cipher.seal(SESSION_COOKIE, value))
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, 'x')).status).toBe(419)
  })
})

describe('webPlugin options', () => {
  it.each([1799, 0, 1.5, Number.NaN])('refuses a sessionLifetime of %s, naming the option', (sessionLifetime) => {
    expect(() => webPlugin({ sessionLifetime })).toThrow(ChatbotConfigException)
    expect(() => webPlugin({ sessionLifetime })).toThrow(/web\.sessionLifetime/)
  })

  it('refuses a secureCookies that is not true, false or "auto"', () => {
    expect(() => webPlugin({ secureCookies: 'yes' as never })).toThrow(/web\.secureCookies/)
  })
})
