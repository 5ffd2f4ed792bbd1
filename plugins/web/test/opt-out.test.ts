import { readSse } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST_COOKIE, SESSION_COOKIE } from '../src/index.js'
import { createWebHarness, envelopePayload, type WebHarness } from './harness.js'

describe('routeMiddleware: [] (the opt-out)', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ routeMiddleware: [] })
  })
  afterAll(() => h.close())

  it('renders no CSRF meta tag and starts no session', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    expect(page.csrf).toBeUndefined()
    expect(page.html).not.toContain('csrf-token')
    expect(browser.get(SESSION_COOKIE)).toBeUndefined()
  })

  it('accepts a message without any token: no 419', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ text: 'no token needed' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' })
    expect(response.status).toBe(200)
    expect((await readSse(response)).at(-1)).toMatchObject({ type: 'done' })
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('still enforces the envelope: missing or tampered is 403 on both routes', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    expect((await h.post(browser, { message: 'hi' })).status).toBe(403)
    const tampered = `${page.envelope.slice(0, -2)}${page.envelope.endsWith('AA') ? 'BB' : 'AA'}`
    const post = await h.post(browser, { signed_context: tampered, message: 'hi' })
    expect(post.status).toBe(403)
    expect(await post.json()).toMatchObject({ error: { code: 'invalid_envelope' } })
    expect((await h.history(browser, '00000000-0000-4000-8000-000000000000', tampered)).status).toBe(403)
  })

  it('keeps guests continuous with a plaintext http-only guest cookie, and does not cross-check it', async () => {
    const browser = h.browser()
    const first = await h.page(browser)
    const gid = envelopePayload(first.envelope).gid!
    expect(browser.get(GUEST_COOKIE)).toBe(gid)
    expect(first.response.headers.getSetCookie()[0]).toMatch(/HttpOnly/)
    expect(envelopePayload((await h.page(browser)).envelope).gid).toBe(gid)

    browser.set(GUEST_COOKIE, 'a2d6c5e1-0000-4000-8000-000000000000')
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: first.envelope, message: 'hi' })
    expect(response.status).toBe(200)
    await readSse(response)
  })

  it('replaces a guest cookie that is not a plain UUID (a sealed one from the web regime) once', async () => {
    const browser = h.browser()
    browser.set(GUEST_COOKIE, 'v1.c2VhbGVkLWJ5LXdlYg')
    const first = await h.page(browser)
    const gid = envelopePayload(first.envelope).gid!
    expect(gid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(browser.get(GUEST_COOKIE)).toBe(gid)
    const second = await h.page(browser)
    expect(second.response.headers.getSetCookie()).toEqual([])
    expect(envelopePayload(second.envelope).gid).toBe(gid)
  })

  it('the host helpers have nothing to give', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ text: 'ok' })
    await readSse(await h.post(browser, { signed_context: page.envelope, message: 'hi' }))
    expect(await (await browser.fetch(`${h.origin}/current`)).json()).toEqual({ id: null })
  })
})
