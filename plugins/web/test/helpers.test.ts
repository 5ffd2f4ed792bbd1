import { createChatbot, generateAppKey } from '@chatbot-kit/kernel'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csrfMetaTag, csrfToken, currentConversationId, SESSION_COOKIE } from '../src/index.js'
import { createWebHarness, parsePage, silentLogger, type WebHarness } from './harness.js'

describe('csrfMetaTag for hosts that render their own head', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness(
      {},
      {
        routes: (chatbot) => {
          chatbot.app.get('/own-head', async (event) => {
            const meta = csrfMetaTag(event, chatbot)
            const widget = await chatbot.renderWidget(event, { route: 'own.head' })
            return new Response(`<html><head>${meta}${widget.script}</head><body>${widget.element}</body></html>`, {
              headers: { 'content-type': 'text/html; charset=utf-8' },
            })
          })
          chatbot.app.get('/token', (event) => ({ token: csrfToken(event, chatbot) }))
        },
      },
    )
  })
  afterAll(() => h.close())

  it('gives the session token the widget will send, with one session cookie for the page', async () => {
    const browser = h.browser()
    const response = await browser.fetch(`${h.origin}/own-head`)
    const page = parsePage(await response.text())
    expect(page.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1)
    h.provider.script({ text: 'ok' })
    const post = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    expect(post.status).toBe(200)
    await post.text()
    expect(await (await browser.fetch(`${h.origin}/token`)).json()).toEqual({ token: page.csrf })
  })
})

describe('the host helpers on a chatbot without the web plugin', () => {
  it('say so instead of returning nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-web-helpers-'))
    const chatbot = await createChatbot({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), routeMiddleware: [] }, { env: {}, logger: silentLogger() })
    try {
      const event = { context: {}, req: new Request('http://x/') } as never
      expect(() => csrfMetaTag(event, chatbot)).toThrow(/does not run the web plugin/)
      expect(() => currentConversationId(event, chatbot)).toThrow(/does not run the web plugin/)
    } finally {
      await chatbot.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
