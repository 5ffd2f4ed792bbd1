import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChatbot, generateAppKey, type Chatbot } from '@chatbot-kit/kernel'
import { originPlugin } from '@chatbot-kit/plugin-origin'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { webPlugin } from '@chatbot-kit/plugin-web'
import { readSse, silentLogger } from '@chatbot-kit/test-utils'
import { createWebHarness, type WebHarness } from '../../web/test/harness.js'
import { feedbackPlugin } from '../src/index.js'

const codeOf = async (response: Response) => [response.status, response.status === 204 ? null : ((await response.json()) as { error: { code: string } }).error.code]

describe('the feedback route under the web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    // Listed before the replies plugin: history still shows its reply in progress with `feedback`.
    h = await createWebHarness({ plugins: [webPlugin(), feedbackPlugin(), repliesPlugin()], shutdownGrace: 0 })
  })
  afterAll(() => h?.close())

  it('needs the CSRF token (419 without, nothing stored) and the guest’s own cookie (403)', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const response = await h.post(browser, { signed_context: page.envelope, message: 'Hello' }, page.csrf)
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const replyId = (await readSse<{ type: string; message_id: string }>(response)).at(-1)!.message_id
    const rate = (jar: ReturnType<WebHarness['browser']>, headers: Record<string, string>) =>
      jar.fetch(`${h.origin}/chatbot/messages/${replyId}/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ signed_context: page.envelope, rating: 'down' }) })

    expect(await codeOf(await rate(browser, {}))).toEqual([419, 'csrf_token_mismatch'])
    expect(await codeOf(await rate(browser, { 'x-csrf-token': 'not-the-token' }))).toEqual([419, 'csrf_token_mismatch'])
    const feedbackOf = async () => ((await (await h.history(browser, conversationId, page.envelope)).json()) as { messages: { feedback?: string | null }[] }).messages.at(-1)!.feedback
    expect(await feedbackOf()).toBeNull()
    // Another browser with its own session and token, but not this guest's cookie.
    const stranger = h.browser()
    const strangerPage = await h.page(stranger)
    expect(await codeOf(await rate(stranger, { 'x-csrf-token': strangerPage.csrf! }))).toEqual([403, 'forbidden'])

    expect(await codeOf(await rate(browser, { 'x-csrf-token': page.csrf! }))).toEqual([204, null])
    expect(await feedbackOf()).toBe('down')
  })

  it('lists a reply in progress with feedback null, and cannot rate it before it is stored (404)', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ chunks: ['Still ', 'writing'], hangAfterChunks: 1 })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'Slowly' }, page.csrf)
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const reader = response.body!.getReader()
    let seen = ''
    while (!seen.includes('"type":"token"')) seen += new TextDecoder().decode((await reader.read()).value)
    const replyId = /"message_id":"([^"]+)"/.exec(seen)![1]!

    const { messages } = (await (await h.history(browser, conversationId, page.envelope)).json()) as { messages: { id: string; status: string; feedback?: string | null }[] }
    expect(messages.at(-1)).toMatchObject({ id: replyId, status: 'streaming', feedback: null })
    const rate = await browser.fetch(`${h.origin}/chatbot/messages/${replyId}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': page.csrf! },
      body: JSON.stringify({ signed_context: page.envelope, rating: 'up' }),
    })
    expect(await codeOf(rate)).toEqual([404, 'not_found'])
    await reader.cancel()
  })
})

describe('origin and throttle treat the feedback route as the other routes', () => {
  let dir: string
  let chatbot: Chatbot
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-feedback-'))
    chatbot = await createChatbot(
      { appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), routeMiddleware: [], origins: ['https://shop.example'], throttle: { perMinute: 2 }, plugins: [originPlugin(), throttlePlugin(), feedbackPlugin()] },
      { env: {}, logger: silentLogger() },
    )
  })
  afterAll(async () => {
    await chatbot?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('403 origin_not_allowed from a foreign page, then 429 once the channel’s window is full', async () => {
    const token = chatbot.mintEnvelope({ userId: 'user-1', route: 'test.page', channel: 'default' })
    const rate = (origin: string) =>
      chatbot.fetch(
        new Request('http://chatbot.test/chatbot/messages/00000000-0000-4000-8000-000000000000/feedback', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ signed_context: token, rating: 'up' }),
        }),
      )
    expect(await codeOf(await rate('https://evil.example'))).toEqual([403, 'origin_not_allowed'])
    expect(await codeOf(await rate('https://shop.example'))).toEqual([404, 'not_found'])
    expect(await codeOf(await rate('https://shop.example'))).toEqual([404, 'not_found'])
    const refused = await rate('https://shop.example')
    expect(await codeOf(refused)).toEqual([429, 'throttled'])
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
