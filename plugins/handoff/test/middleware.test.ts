import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { webPlugin } from '@chatbot-kit/plugin-web'
import { readSse } from '@chatbot-kit/test-utils'
import { createWebHarness, type WebHarness } from '../../web/test/harness.js'
import { handoffPlugin } from '../src/index.js'

const codeOf = async (response: Response) => [response.status, ((await response.json()) as { error?: { code: string } }).error?.code ?? null]

describe('the handoff request under the web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness({ plugins: [webPlugin(), repliesPlugin(), toolsPlugin(), handoffPlugin()], channels: { default: { handoff: { enabled: true } } }, shutdownGrace: 0 })
  })
  afterAll(() => h?.close())

  it('needs the CSRF token (419, nothing changed) and the guest’s own cookie (403)', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const response = await h.post(browser, { signed_context: page.envelope, message: 'Hello' }, page.csrf)
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    await readSse(response)
    const ask = (jar: ReturnType<WebHarness['browser']>, headers: Record<string, string>) =>
      jar.fetch(`${h.origin}/chatbot/conversations/${conversationId}/handoff`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ signed_context: page.envelope }) })

    expect(await codeOf(await ask(browser, {}))).toEqual([419, 'csrf_token_mismatch'])
    expect(await codeOf(await ask(browser, { 'x-csrf-token': 'not-the-token' }))).toEqual([419, 'csrf_token_mismatch'])
    const stranger = h.browser()
    const strangerPage = await h.page(stranger)
    expect(await codeOf(await ask(stranger, { 'x-csrf-token': strangerPage.csrf! }))).toEqual([403, 'forbidden'])
    // Nothing changed: the next message is still the model's to answer.
    const calls = h.provider.requests.length
    await readSse(await h.post(browser, { signed_context: page.envelope, message: 'Still the bot?', conversation_id: conversationId }, page.csrf))
    expect(h.provider.requests.length).toBe(calls + 1)

    const asked = await ask(browser, { 'x-csrf-token': page.csrf! })
    expect([asked.status, await asked.json()]).toEqual([200, { state: 'waiting', agent: null }])
    const held = await readSse<{ type: string; finish_reason?: string }>(await h.post(browser, { signed_context: page.envelope, message: 'Anyone?', conversation_id: conversationId }, page.csrf))
    expect(held.at(-1)).toMatchObject({ type: 'done', finish_reason: 'handoff' })
    expect(h.provider.requests.length).toBe(calls + 1)
  })
})
