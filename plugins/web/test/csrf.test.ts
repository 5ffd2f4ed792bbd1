import { readSse } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../src/index.js'
import { createWebHarness, type WebHarness } from './harness.js'

describe('CSRF under the default web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness()
  })
  afterAll(() => h.close())

  it('renders the csrf-token meta tag into the widget head', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    expect(page.response.status).toBe(200)
    expect(page.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(page.html).toContain(`<meta name="csrf-token" content="${page.csrf}">`)
    expect(browser.get(SESSION_COOKIE)).toBeDefined()
  })

  it('419 with the contract error body when X-CSRF-TOKEN is missing', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' })
    expect(response.status).toBe(419)
    expect(await response.json()).toEqual({ error: { code: 'csrf_token_mismatch', message: expect.any(String) } })
  })

  it('419 when the token is wrong, or belongs to another session', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const other = await h.page(h.browser())
    expect(other.csrf).not.toBe(page.csrf)
    const lastFlipped = `${page.csrf!.slice(0, -1)}${page.csrf!.endsWith('A') ? 'B' : 'A'}`
    for (const token of ['wrong', lastFlipped, other.csrf!, '']) {
      const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, token)
      expect(response.status, token).toBe(419)
    }
  })

  it('419 when the right token comes without its session cookie', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    browser.delete(SESSION_COOKIE)
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(419)
  })

  it('200 with the session token: the reply streams', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ text: 'Hello there' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    expect(response.status).toBe(200)
    const events = await readSse(response)
    expect(events.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['Hello ', 'there'])
    expect(events.at(-1)).toMatchObject({ type: 'done' })
  })

  it('keeps one token for the session across renders, so an older tab keeps working', async () => {
    const browser = h.browser()
    const first = await h.page(browser)
    const second = await h.page(browser)
    expect(second.csrf).toBe(first.csrf)
    expect(second.response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toEqual([])
    h.provider.script({ text: 'ok' })
    expect((await h.post(browser, { signed_context: first.envelope, message: 'hi' }, first.csrf)).status).toBe(200)
  })

  it('history is a GET: it needs no token', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    await readSse(response)
    const id = response.headers.get('x-chatbot-conversation-id')!
    const history = await h.history(browser, id, page.envelope)
    expect(history.status).toBe(200)
    expect(((await history.json()) as { messages: unknown[] }).messages).toHaveLength(2)
  })

  it('a bad envelope is still 403 first, whatever the token', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const response = await h.post(browser, { signed_context: `${page.envelope}x`, message: 'hi' }, page.csrf)
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_envelope' } })
  })
})
