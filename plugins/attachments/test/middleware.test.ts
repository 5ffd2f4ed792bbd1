import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webPlugin } from '@chatbot-kit/plugin-web'
import { readSse } from '@chatbot-kit/test-utils'
import { createWebHarness, type WebHarness } from '../../web/test/harness.js'
import { attachmentsPlugin } from '../src/index.js'
import { PNG } from './setup.js'
import { sendWithheldFile } from './withheld-upload.js'

// The upload and download routes under the `web` group, as a guest: CSRF and the guest cookie apply as to a message.

const codeOf = async (response: Response) => [response.status, ((await response.json()) as { error?: { code: string } }).error?.code ?? null]

describe('attachments under the web middleware', () => {
  let h: WebHarness
  const count = async () => (await h.chatbot.db.withTables<{ attachments: { id: number } }>().selectFrom('attachments').select('id').execute()).length
  beforeAll(async () => {
    h = await createWebHarness({ plugins: [webPlugin(), attachmentsPlugin()], shutdownGrace: 0, channels: { default: { attachments: { enabled: true, maxBytes: 8 * 1024 * 1024 } } } })
  })
  afterAll(() => h?.close())

  it('needs the CSRF token to upload (419, nothing stored) and the guest’s own cookie to download (403)', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const send = (headers: Record<string, string>) => {
      const form = new FormData()
      form.append('signed_context', page.envelope)
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png')
      return browser.fetch(`${h.origin}/chatbot/attachments`, { method: 'POST', headers, body: form })
    }
    expect(await codeOf(await send({}))).toEqual([419, 'csrf_token_mismatch'])
    expect(await count()).toBe(0)
    const stored = await send({ 'x-csrf-token': page.csrf! })
    expect(stored.status).toBe(201)
    const { id } = (await stored.json()) as { id: string }

    const url = `${h.origin}/chatbot/attachments/${id}?signed_context=${encodeURIComponent(page.envelope)}`
    const stranger = h.browser()
    await h.page(stranger)
    expect(await codeOf(await stranger.fetch(url))).toEqual([403, 'forbidden'])
    expect((await browser.fetch(url)).status).toBe(200)

    const reply = await h.post(browser, { signed_context: page.envelope, message: 'See this', attachments: [id] }, page.csrf)
    expect((await readSse<{ type: string }>(reply)).at(-1)!.type).toBe('done')
    const conversationId = reply.headers.get('x-chatbot-conversation-id')!
    const { messages } = (await (await h.history(browser, conversationId, page.envelope)).json()) as { messages: { role: string; attachments?: { id: string }[] }[] }
    expect(messages.find((message) => message.role === 'user')!.attachments).toEqual([{ id, name: 'a.png', type: 'image/png', size: PNG.length }])
  })

  it('refuses a cross-site upload (no CSRF token) before its file is sent: 419, nothing stored', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const before = await count()
    const sent = await sendWithheldFile(`${h.origin}/chatbot/attachments`, page.envelope, 4 * 1024 * 1024, { cookie: browser.header() })
    expect(sent).toMatchObject({ answered: true, status: 419, code: 'csrf_token_mismatch' })
    expect(sent.bytesBeforeAnswer).toBeLessThan(64 * 1024)
    expect(await count()).toBe(before)
  })
})
