import { ChatbotConfigException, resolveConfig } from '@chatbot-kit/kernel'
import { readSse } from '@chatbot-kit/test-utils'
import type { Middleware } from 'h3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebHarness, type WebHarness } from './harness.js'

const deny: Middleware = () => new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Log in first.' } }), { status: 401 })

describe('routeMiddleware names', () => {
  it('an unknown name stops start-up with a message naming it', async () => {
    const attempt = createWebHarness({ routeMiddleware: ['web', 'auth'] })
    await expect(attempt).rejects.toBeInstanceOf(ChatbotConfigException)
    await expect(attempt).rejects.toThrow(/routeMiddleware.*"auth".*known: web/)
  })

  it('CHATBOT_ROUTE_MIDDLEWARE is a comma list, and an empty string means none', () => {
    expect(resolveConfig({}, { CHATBOT_ROUTE_MIDDLEWARE: 'web, deny' }).routeMiddleware).toEqual(['web', 'deny'])
    expect(resolveConfig({ routeMiddleware: ['web'] }, { CHATBOT_ROUTE_MIDDLEWARE: '' }).routeMiddleware).toEqual([])
  })
})

describe('CHATBOT_ROUTE_MIDDLEWARE=web,deny with deny from the config middleware map', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ middleware: { deny } }, { env: { CHATBOT_ROUTE_MIDDLEWARE: 'web,deny' } })
  })
  afterAll(() => h.close())

  it('runs in order: web refuses a missing token first, then the host middleware answers', async () => {
    expect(h.chatbot.config.routeMiddleware).toEqual(['web', 'deny'])
    const browser = h.browser()
    const page = await h.page(browser)
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' })).status).toBe(419)
    const denied = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    expect(denied.status).toBe(401)
    expect(await denied.json()).toEqual({ error: { code: 'unauthenticated', message: 'Log in first.' } })
    expect((await h.history(browser, '00000000-0000-4000-8000-000000000000', page.envelope)).status).toBe(401)
    expect(h.provider.requests).toHaveLength(0)
  })

  it('leaves health and widget.js outside the group', async () => {
    expect((await fetch(`${h.origin}/chatbot/health`)).status).toBe(200)
    expect((await fetch(`${h.origin}/chatbot/widget.js`)).status).toBe(200)
  })
})

describe('host middleware alone, without web', () => {
  let h: WebHarness
  const seen: string[] = []
  beforeAll(async () => {
    const log: Middleware = (event) => {
      seen.push(`${event.req.method} ${event.url.pathname}`)
    }
    h = await createWebHarness({ routeMiddleware: ['log'], middleware: { log } })
  })
  afterAll(() => h.close())

  it('wraps the stateful routes only, and no CSRF applies', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' })
    expect(response.status).toBe(200)
    await readSse(response)
    await fetch(`${h.origin}/chatbot/health`)
    expect(seen).toEqual(['POST /chatbot/messages'])
  })
})
