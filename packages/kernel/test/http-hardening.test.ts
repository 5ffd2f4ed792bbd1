import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

const widgetFile = join(tmpdir(), `chatbot-widget-hardening-${process.pid}.js`)
writeFileSync(widgetFile, 'customElements.define("chatbot-widget", class extends HTMLElement {})\n')

const conversations = async (h: Harness) =>
  Number((await h.chatbot.db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

describe.each(TRANSPORTS)('request hardening (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, {}, { widgetFile })
  })
  afterAll(() => h.close())

  const send = (contentType: string | undefined, body: string) =>
    h.request('/chatbot/messages', {
      method: 'POST',
      // A byte body, unlike a string, gets no content type of its own from fetch.
      ...(contentType === undefined ? {} : { headers: { 'content-type': contentType } }),
      body: new TextEncoder().encode(body),
    })

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['a JSON look-alike', 'application/jsonp'],
    ['no content type', undefined],
  ])('415 unsupported_media_type for a JSON body sent as %s, and nothing stored', async (_, contentType) => {
    const response = await send(contentType, JSON.stringify({ signed_context: h.envelope(), message: 'hi' }))
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.stringContaining('application/json') } })
    expect(await conversations(h)).toBe(0)
  })

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/vnd.chatbot+json'])('accepts %s', async (contentType) => {
    h.provider.script({ text: 'ok' })
    const response = await send(contentType, JSON.stringify({ signed_context: h.envelope(), message: 'hi' }))
    expect(response.status).toBe(200)
    await events(response)
  })

  it('sends X-Content-Type-Options: nosniff on every response under the base', async () => {
    h.provider.script({ text: 'ok' })
    const token = h.envelope()
    const stream = await h.post({ signed_context: token, message: 'hi' })
    const id = stream.headers.get('x-chatbot-conversation-id')!
    await events(stream)
    const responses = {
      stream,
      history: await h.history(id, token),
      health: await h.request('/chatbot/health'),
      widget: await h.request('/chatbot/widget.js'),
      notModified: await h.request('/chatbot/widget.js', { headers: { 'if-none-match': '*' } }),
      invalid: await h.post({ signed_context: token, message: '' }),
      forbidden: await h.post({ signed_context: 'garbage', message: 'hi' }),
      unsupported: await send('text/plain', '{}'),
      notFound: await h.request('/chatbot/nope'),
      wrongMethod: await h.request('/chatbot/messages'),
    }
    for (const [name, response] of Object.entries(responses)) {
      expect([name, response.headers.get('x-content-type-options')]).toEqual([name, 'nosniff'])
      if (response.body && !response.bodyUsed) await response.arrayBuffer()
    }
  })
})
