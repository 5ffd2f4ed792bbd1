import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getQuery, getRouterParam } from 'h3'
import { definePlugin, type PluginApi } from '@chatbot-kit/kernel'
import { sseEvents } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from './harness.js'

// The plugin API a resume route is built from: the envelope and ownership checks of the history
// route, and an event stream kept alive like a reply's.
const FRAME = (n: number) => `id: test:${n}\ndata: {"type":"token","content":"${n} "}\n\n`

function echoStream(closedByBrowser: { count: number; closed: boolean[] }) {
  return definePlugin({
    name: 'echo-stream',
    setup(api: PluginApi) {
      api.route({
        name: 'test.echo-stream',
        method: 'GET',
        path: '/conversations/:id/echo',
        stateful: false,
        async handler(event) {
          const envelope = api.verifyRequestEnvelope(getQuery(event).signed_context)
          const conversation = await api.ownedConversation(getRouterParam(event, 'id', { decode: true }) ?? '', envelope)
          const frames = Number(getQuery(event).frames)
          const stream = api.openEventStream(event, () => {
            closedByBrowser.count += 1
            closedByBrowser.closed.push(stream.closed)
          })
          let sent = 0
          // Frames go out slowly, so the stream sits idle between them (keep-alives) and a test can leave mid-way.
          const timer = setInterval(() => {
            if (stream.closed) return clearInterval(timer)
            sent += 1
            stream.write(sent === 1 ? `id: test:1\ndata: {"type":"conversation","id":"${conversation.publicId}"}\n\n` : FRAME(sent))
            if (sent === frames) {
              clearInterval(timer)
              stream.close()
            }
          }, 60)
          return stream.response
        },
      })
    },
  })
}

describe('the plugin API for event-stream routes (socket)', () => {
  let h: Harness
  const closedByBrowser = { count: 0, closed: [] as boolean[] }
  let conversationId: string
  const token = () => h.envelope({ userId: 'streamer' })
  const echo = (id: string, query: string) => h.request(`/chatbot/conversations/${id}/echo?signed_context=${encodeURIComponent(token())}&${query}`)

  beforeAll(async () => {
    h = await createHarness('socket', { plugins: [echoStream(closedByBrowser)] }, { keepAliveMs: 30 })
    h.provider.script({ text: 'hello' })
    const response = await h.post({ signed_context: token(), message: 'hi' })
    conversationId = response.headers.get('x-chatbot-conversation-id')!
    await events(response)
  })
  afterAll(() => h.close())

  it('opens a text/event-stream with the reply headers, writes whole frames and keep-alives, and ends on close()', async () => {
    const response = await echo(conversationId, 'frames=4')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toContain('no-cache')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const body = await response.text()
    expect(body).toContain(': keep-alive\n\n')
    expect(body.startsWith(': open\n\n')).toBe(true)
    expect(body.replace(': open\n\n', '').replaceAll(': keep-alive\n\n', '')).toBe(`id: test:1\ndata: {"type":"conversation","id":"${conversationId}"}\n\n${FRAME(2)}${FRAME(3)}${FRAME(4)}`)
    expect(closedByBrowser.count).toBe(0)
  })

  it('runs onClose once when the browser leaves first, the stream then reporting itself closed', async () => {
    const browser = new AbortController()
    const response = await h.request(`/chatbot/conversations/${conversationId}/echo?signed_context=${encodeURIComponent(token())}&frames=1000`, { signal: browser.signal })
    for await (const item of sseEvents(response)) if (item.kind === 'data') break
    browser.abort()
    await expect.poll(() => closedByBrowser.count).toBe(1)
    expect(closedByBrowser.closed).toEqual([true])
  })

  it("answers as the history route does: 403 without a valid envelope or for another's conversation, 404 for an unknown or malformed id", async () => {
    const codeOf = async (response: Response) => [response.status, ((await response.json()) as { error: { code: string } }).error.code]
    expect(await codeOf(await h.request(`/chatbot/conversations/${conversationId}/echo?frames=1`))).toEqual([403, 'invalid_envelope'])
    expect(await codeOf(await h.request(`/chatbot/conversations/${conversationId}/echo?frames=1&signed_context=${encodeURIComponent(h.envelope({ userId: 'someone-else' }))}`))).toEqual([403, 'forbidden'])
    expect(await codeOf(await echo('00000000-0000-4000-8000-000000000000', 'frames=1'))).toEqual([404, 'not_found'])
    expect(await codeOf(await echo('not-a-uuid', 'frames=1'))).toEqual([404, 'not_found'])
  })
})
