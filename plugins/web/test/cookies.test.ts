import { generateAppKey } from '@chatbot-kit/kernel'
import { parseSetCookie, readSse, type CookieJar } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationCookieName, GUEST_COOKIE, SESSION_COOKIE } from '../src/index.js'
import { createWebHarness, envelopePayload, type WebHarness } from './harness.js'

const setCookies = (response: Response) => response.headers.getSetCookie().map(parseSetCookie)
const setCookie = (response: Response, name: string) => setCookies(response).find((line) => line.name === name)
const flipMiddle = (value: string) => {
  const at = Math.floor(value.length / 2)
  return value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1)
}

describe('cookies under the web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness()
  })
  afterAll(() => h.close())

  const current = async (browser: CookieJar) => ((await (await browser.fetch(`${h.origin}/current`)).json()) as { id: string | null }).id

  it('are http-only, SameSite=Lax, path / and not Secure over plain HTTP', async () => {
    const page = await h.page(h.browser())
    const lines = setCookies(page.response)
    expect(lines.map((line) => line.name).sort()).toEqual([GUEST_COOKIE, SESSION_COOKIE])
    for (const line of lines) {
      expect(line.attributes, line.name).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' })
      expect(line.attributes.secure, line.name).toBeUndefined()
      expect(Number(line.attributes['max-age']), line.name).toBeGreaterThan(900)
    }
  })

  it('are Secure when the request is HTTPS behind a proxy (X-Forwarded-Proto)', async () => {
    const page = await h.page(h.browser(), {}, { 'x-forwarded-proto': 'https' })
    const lines = setCookies(page.response)
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(line.attributes.secure, line.name).toBe(true)
  })

  it('hold sealed values, never the plain guest id or CSRF token', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const gid = envelopePayload(page.envelope).gid!
    const guest = browser.get(GUEST_COOKIE)!
    const session = browser.get(SESSION_COOKIE)!
    expect(guest).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(session).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(guest).not.toContain(gid)
    expect(session).not.toContain(page.csrf!)
    expect(Buffer.from(guest.slice(3), 'base64url').toString('latin1')).not.toContain(gid)
    expect(Buffer.from(session.slice(3), 'base64url').toString('latin1')).not.toContain(page.csrf!)
  })

  it('drops a plaintext guest cookie from before and replaces it exactly once', async () => {
    const browser = h.browser()
    const plaintext = '3f0c9b9e-5b8e-4c47-9a53-0b8f8f0e2d11'
    browser.set(GUEST_COOKIE, plaintext)
    const first = await h.page(browser)
    const gid = envelopePayload(first.envelope).gid!
    expect(gid).not.toBe(plaintext)
    expect(setCookie(first.response, GUEST_COOKIE)?.value).toMatch(/^v1\./)

    const second = await h.page(browser)
    expect(setCookie(second.response, GUEST_COOKIE)).toBeUndefined()
    expect(envelopePayload(second.envelope).gid).toBe(gid)
  })

  it('replaces a tampered guest or session cookie once, and refuses it on the routes meanwhile', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const gid = envelopePayload(page.envelope).gid!
    browser.set(GUEST_COOKIE, flipMiddle(browser.get(GUEST_COOKIE)!))
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(403)
    browser.set(SESSION_COOKIE, flipMiddle(browser.get(SESSION_COOKIE)!))
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(419)

    const fresh = await h.page(browser)
    expect(setCookies(fresh.response).map((line) => line.name).sort()).toEqual([GUEST_COOKIE, SESSION_COOKIE])
    expect(envelopePayload(fresh.envelope).gid).not.toBe(gid)
    expect(fresh.csrf).not.toBe(page.csrf)
    expect(setCookies((await h.page(browser)).response)).toEqual([])
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: fresh.envelope, message: 'hi' }, fresh.csrf)
    expect(response.status).toBe(200)
    await readSse(response)
  })

  it("refuses a sealed value moved to another cookie's name", async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    browser.set(SESSION_COOKIE, browser.get(GUEST_COOKIE)!)
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(419)
  })

  it('sets chatbot_conversation_{channel} on each message, sealed, readable by the host helper', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    expect(await current(browser)).toBeNull()
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    const id = response.headers.get('x-chatbot-conversation-id')!
    await readSse(response)
    const line = setCookie(response, conversationCookieName('default'))!
    expect(line.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '86400' })
    expect(line.value).toMatch(/^v1\./)
    expect(line.value).not.toContain(id)
    expect(await current(browser)).toBe(id)
  })

  it('drops an unreadable conversation cookie at render', async () => {
    const browser = h.browser()
    browser.set(conversationCookieName('default'), '42')
    const page = await h.page(browser)
    expect(setCookie(page.response, conversationCookieName('default'))?.attributes['max-age']).toBe('0')
    expect(browser.get(conversationCookieName('default'))).toBeUndefined()
    expect(setCookie((await h.page(browser)).response, conversationCookieName('default'))).toBeUndefined()
  })

  it('names the conversation cookie after the channel, escaping what a cookie name cannot hold', () => {
    expect(conversationCookieName('support')).toBe('chatbot_conversation_support')
    expect(conversationCookieName('a b(c)/d')).toBe('chatbot_conversation_a%20b%28c%29%2Fd')
  })
})

describe('cookie options and key rotation', () => {
  it('secureCookies: true sets Secure over plain HTTP; false never does', async () => {
    for (const [secureCookies, headers, expected] of [
      [true, {}, true],
      [false, { 'x-forwarded-proto': 'https' }, undefined],
    ] as const) {
      const h = await createWebHarness({}, { web: { secureCookies } })
      try {
        const lines = setCookies((await h.page(h.browser(), {}, headers)).response)
        expect(lines).toHaveLength(2)
        for (const line of lines) expect(line.attributes.secure).toBe(expected)
      } finally {
        await h.close()
      }
    }
  })

  it('opens cookies sealed with a previous app key and re-seals them with the current one', async () => {
    const oldKey = generateAppKey()
    const newKey = generateAppKey()
    const before = await createWebHarness({ appKey: oldKey })
    const browser = before.browser()
    const page = await before.page(browser).finally(() => before.close())
    const gid = envelopePayload(page.envelope).gid

    const rotating = await createWebHarness({ appKey: newKey, appKeyPrevious: [oldKey] })
    try {
      const next = await rotating.page(browser)
      expect(envelopePayload(next.envelope).gid).toBe(gid)
      expect(next.csrf).toBe(page.csrf)
      expect(setCookies(next.response).map((line) => line.name).sort()).toEqual([GUEST_COOKIE, SESSION_COOKIE])
    } finally {
      await rotating.close()
    }

    const rotated = await createWebHarness({ appKey: newKey })
    try {
      expect(envelopePayload((await rotated.page(browser)).envelope).gid).toBe(gid)
    } finally {
      await rotated.close()
    }
  })
})
