import { createChatbot, generateAppKey, type Chatbot } from '@chatbot-kit/kernel'
import { originPlugin } from '@chatbot-kit/plugin-origin'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { webPlugin } from '@chatbot-kit/plugin-web'
import { silentLogger } from '@chatbot-kit/test-utils'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebHarness, type WebHarness } from '../../web/test/harness.js'
import { repliesPlugin } from '../src/index.js'
import { readStream, textOf } from './frames.js'

describe('the stream and stop routes under the web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ plugins: [webPlugin(), repliesPlugin()], shutdownGrace: 0 })
  })
  afterAll(() => h?.close())

  it('stop needs the CSRF token (419 without, nothing stopped); the stream route, a GET, needs the guest cookie as history does', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ chunks: ['Once ', 'upon ', 'a time'], hangAfterChunks: 2 })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'A story' }, page.csrf)
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const original = readStream(response)
    const stopUrl = `${h.origin}/chatbot/conversations/${conversationId}/stop`
    const stop = (headers: Record<string, string>) =>
      browser.fetch(stopUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ signed_context: page.envelope }) })

    const refused = await stop({})
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([419, 'csrf_token_mismatch'])
    const streamPath = `/chatbot/conversations/${conversationId}/stream?signed_context=${encodeURIComponent(page.envelope)}`
    // Another browser, without this guest's cookie.
    expect((await h.browser().fetch(`${h.origin}${streamPath}`)).status).toBe(403)
    const resumed = readStream(await browser.fetch(`${h.origin}${streamPath}`))

    expect(await (await stop({ 'x-csrf-token': page.csrf! })).json()).toEqual({ stopped: true, message_id: expect.any(String) })
    for (const stream of [await original, await resumed]) {
      expect(textOf(stream.frames)).toBe('Once upon ')
      expect(stream.frames.at(-1)!.event).toMatchObject({ type: 'done', finish_reason: 'stopped' })
    }
  })
})

describe('origin and throttle treat the stream and stop routes as history', () => {
  let dir: string
  let chatbot: Chatbot
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-replies-'))
    chatbot = await createChatbot(
      {
        appKey: generateAppKey(),
        database: join(dir, 'chatbot.sqlite'),
        routeMiddleware: [],
        origins: ['https://shop.example'],
        throttle: { perMinute: 2 },
        plugins: [originPlugin(), throttlePlugin(), repliesPlugin()],
      },
      { env: {}, logger: silentLogger() },
    )
  })
  afterAll(async () => {
    await chatbot?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('403 origin_not_allowed from a foreign page, then 429 once the channel\'s window is full', async () => {
    const token = chatbot.mintEnvelope({ userId: 'user-1', route: 'test.page', channel: 'default' })
    const id = '00000000-0000-4000-8000-000000000000'
    const stream = (origin: string) =>
      chatbot.fetch(new Request(`http://chatbot.test/chatbot/conversations/${id}/stream?signed_context=${encodeURIComponent(token)}`, { headers: { origin } }))
    const stop = (origin: string) =>
      chatbot.fetch(new Request(`http://chatbot.test/chatbot/conversations/${id}/stop`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token }) }))
    const codeOf = async (response: Response) => [response.status, ((await response.json()) as { error: { code: string } }).error.code]

    expect(await codeOf(await stream('https://evil.example'))).toEqual([403, 'origin_not_allowed'])
    expect(await codeOf(await stop('https://evil.example'))).toEqual([403, 'origin_not_allowed'])
    // Counted per client and channel like history: two pass (to the 404 of an unknown conversation), the third is refused.
    expect(await codeOf(await stream('https://shop.example'))).toEqual([404, 'not_found'])
    expect(await codeOf(await stop('https://shop.example'))).toEqual([404, 'not_found'])
    expect(await codeOf(await stream('https://shop.example'))).toEqual([429, 'throttled'])
  })
})
