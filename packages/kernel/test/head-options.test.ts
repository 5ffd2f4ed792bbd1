import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definePlugin } from '@chatbot-kit/kernel'
import { createHarness, TRANSPORTS, type Harness } from './harness.js'

const widgetFile = join(tmpdir(), `chatbot-widget-head-${process.pid}.js`)
writeFileSync(widgetFile, 'customElements.define("chatbot-widget", class extends HTMLElement {})\n')

// A plugin's routes get HEAD and OPTIONS too: one answering a plain value, one an event stream.
let streamClosed = false
const pluginRoutes = definePlugin({
  name: 'head-test',
  setup(api) {
    api.route({ name: 'test.plain', method: 'GET', path: '/plain', stateful: false, handler: () => ({ plain: true }) })
    api.route({
      name: 'test.events',
      method: 'GET',
      path: '/events',
      stateful: false,
      handler(event) {
        const stream = api.openEventStream(event, () => (streamClosed = true))
        stream.write('data: {"type":"hello"}\n\n')
        return stream.response
      },
    })
  },
})

/** Status and headers, without the ones that differ per request. */
const head = (response: Response) => {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)))
  return { status: response.status, headers }
}

describe.each(TRANSPORTS)('HEAD and OPTIONS on every route (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, { plugins: [pluginRoutes] }, { widgetFile })
  })
  afterAll(() => h.close())

  it.each(['/chatbot/health', '/chatbot/widget.js', '/chatbot/plain', '/chatbot/conversations/not-a-uuid/messages'])('HEAD %s answers as GET does, without a body', async (path) => {
    const get = await h.request(path)
    await get.arrayBuffer()
    const response = await h.request(path, { method: 'HEAD' })
    expect(head(response)).toEqual(head(get))
    expect(await response.text()).toBe('')
  })

  it('HEAD on an event stream answers its headers and closes the stream', async () => {
    streamClosed = false
    const response = await h.request('/chatbot/events', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(await response.text()).toBe('')
    expect(streamClosed).toBe(true)
  })

  it.each([
    ['/chatbot/health', 'GET, HEAD, OPTIONS'],
    ['/chatbot/widget.js', 'GET, HEAD, OPTIONS'],
    ['/chatbot/messages', 'POST, OPTIONS'],
    ['/chatbot/conversations/3f1b3a0e-0000-4000-8000-000000000000/messages', 'GET, HEAD, OPTIONS'],
  ])('OPTIONS %s answers 204 with Allow: %s', async (path, allow) => {
    const response = await h.request(path, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe(allow)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('HEAD and OPTIONS on no route are still 404', async () => {
    expect((await h.request('/chatbot/nope', { method: 'HEAD' })).status).toBe(404)
    expect((await h.request('/chatbot/nope', { method: 'OPTIONS' })).status).toBe(404)
  })
})
