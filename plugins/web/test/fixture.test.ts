import { ChatbotConfigException, type ChatRequest } from '@chatbot-kit/kernel'
import { readSse } from '@chatbot-kit/test-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { echoReply } from '../src/fixture/echo.js'
import { GUEST_COOKIE } from '../src/index.js'
import { createWebHarness, envelopePayload, parsePage, silentLogger, type WebHarness } from './harness.js'

describe('GET /chatbot/test-fixture when playwrightFixture.enabled is off', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness()
  })
  afterAll(() => h.close())

  it('does not exist', async () => {
    const response = await h.browser().fetch(`${h.origin}/chatbot/test-fixture?channel=default`)
    expect(response.status).toBe(404)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('GET /chatbot/test-fixture when playwrightFixture.enabled is on', () => {
  let h: WebHarness
  const warn = vi.fn()
  beforeAll(async () => {
    h = await createWebHarness({ channels: { default: {}, support: {} } }, { env: { CHATBOT_PLAYWRIGHT_FIXTURE: 'true' }, logger: silentLogger({ warn }) })
  })
  afterAll(() => h.close())

  const fixture = async (query: string) => {
    const browser = h.browser()
    const response = await browser.fetch(`${h.origin}/chatbot/test-fixture?${query}`)
    return { browser, response, ...parsePage(await response.text()) }
  }

  it('warns loudly at start-up', () => {
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toMatch(/playwrightFixture\.enabled is ON.*\/chatbot\/test-fixture/)
  })

  it('renders a page with the CSRF meta tag, the widget script and a user envelope bound to the query', async () => {
    const page = await fixture('channel=support&user=user-42&route=e2e.home')
    expect(page.response.status).toBe(200)
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.response.headers.get('cache-control')).toBe('no-store')
    expect(page.html).toMatch(/^<!doctype html>/)
    expect(page.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(page.html.match(/name="csrf-token"/g)).toHaveLength(1)
    expect(page.html).toContain('<script type="module" src="/chatbot/widget.js"></script>')
    expect(page.html).toMatch(/<chatbot-widget channel="support" signed-context="[^"]+"/)
    const payload = h.chatbot.verifyEnvelope(page.envelope)
    expect(payload).toMatchObject({ uid: 'user-42', channel: 'support', route: 'e2e.home' })
    expect(payload.exp - payload.iat).toBe(900)
    expect(page.browser.get(GUEST_COOKIE)).toBeUndefined()
  })

  it('renders a guest envelope, with its cookie, when user is absent', async () => {
    const page = await fixture('')
    expect(envelopePayload(page.envelope)).toMatchObject({ channel: 'default', route: 'chatbot.playwright-fixture' })
    expect(envelopePayload(page.envelope).gid).toMatch(/^[0-9a-f-]{36}$/)
    expect(page.browser.get(GUEST_COOKIE)).toMatch(/^v1\./)
  })

  it('answers through the deterministic fake: Echo: <message>, one token per word', async () => {
    const page = await fixture('user=user-1')
    const response = await page.browser.fetch(`${h.origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': page.csrf! },
      body: JSON.stringify({ signed_context: page.envelope, message: 'hello big world' }),
    })
    expect(response.status).toBe(200)
    const tokens = (await readSse(response)).filter((event) => event.type === 'token').map((event) => event.content)
    expect(tokens).toEqual(['Echo: ', 'hello ', 'big ', 'world'])
    expect(h.provider.requests).toHaveLength(0)
  })

  it('is behind the route middleware like the other stateful routes', async () => {
    const denying = await createWebHarness(
      { playwrightFixture: { enabled: true }, routeMiddleware: ['deny'], middleware: { deny: () => new Response('no', { status: 401 }) } },
      { logger: silentLogger() },
    )
    try {
      expect((await fetch(`${denying.origin}/chatbot/test-fixture`)).status).toBe(401)
    } finally {
      await denying.close()
    }
  })
})

describe('the test fixture under routeMiddleware: []', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ routeMiddleware: [], playwrightFixture: { enabled: true } })
  })
  afterAll(() => h.close())

  it('still has the csrf-token meta tag, empty, and messages need no token', async () => {
    const browser = h.browser()
    const response = await browser.fetch(`${h.origin}/chatbot/test-fixture?user=user-1`)
    const page = parsePage(await response.text())
    expect(page.csrf).toBe('')
    expect(page.html.match(/name="csrf-token"/g)).toHaveLength(1)
    const post = await browser.fetch(`${h.origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: page.envelope, message: 'no token' }),
    })
    expect(post.status).toBe(200)
    expect((await readSse(post)).filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['Echo: ', 'no ', 'token'])
  })
})

describe('the fixture in production', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('refuses to start when NODE_ENV=production', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const attempt = createWebHarness({ playwrightFixture: { enabled: true } })
    await expect(attempt).rejects.toBeInstanceOf(ChatbotConfigException)
    await expect(attempt).rejects.toMatchObject({ key: 'playwrightFixture.enabled', message: expect.stringContaining('NODE_ENV=production') })
  })

  it('starts in production when the fixture is off', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const h = await createWebHarness()
    await h.close()
  })
})

describe('echoReply', () => {
  it('echoes the last user message', () => {
    const request = { model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'one' }, { role: 'assistant', content: 'x' }, { role: 'user', content: 'two words' }] } as ChatRequest
    expect(echoReply(request)).toBe('Echo: two words')
  })
})
