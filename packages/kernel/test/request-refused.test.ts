import { afterEach, describe, expect, it } from 'vitest'
import { ChatbotException, definePlugin, type RefusalContext } from '../src/index.js'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

// `request:refused`: every error answer of a route, seen synchronously with its route, channel
// and error, whichever step refused it; it cannot change the answer.

describe.each(TRANSPORTS)('the request:refused hook (%s)', (transport) => {
  let h: Harness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  const start = async (seen: Omit<RefusalContext, 'event'>[], extra: { throwing?: boolean } = {}) => {
    const listener = definePlugin({
      name: 'refusal-listener',
      hooks: {
        // A `request` listener that refuses the "closed" channel, as a throttle would.
        request: ({ channel }) => {
          if (channel === 'closed') throw new ChatbotException('Closed today.', { code: 'channel_closed', status: 429, headers: { 'retry-after': '60' } })
        },
        'request:refused': ({ event, ...refusal }) => {
          expect(event.req.method).toMatch(/GET|POST/)
          seen.push(refusal)
          if (extra.throwing) throw new Error('a broken listener')
        },
      },
    })
    h = await createHarness(transport, { tokenCap: 100, channels: { closed: {} }, plugins: [listener] })
    h.chatbot.fake('Hello')
    return h
  }
  const summary = (seen: Omit<RefusalContext, 'event'>[]) => seen.map(({ route, channel, error }) => [route, channel, error.code(), error.status])

  it('sees refusals from the envelope, the request hook and the handler, with the channel once known', async () => {
    const seen: Omit<RefusalContext, 'event'>[] = []
    const h = await start(seen)
    expect((await h.post({ signed_context: 'forged', message: 'hi' })).status).toBe(403)
    expect((await h.post({ signed_context: h.envelope({ channel: 'closed' }), message: 'hi' })).status).toBe(429)
    expect((await h.post({ signed_context: h.envelope(), message: 'word '.repeat(200) })).status).toBe(422)
    expect((await h.history('9a9b9d8d-fa4a-40dc-b3a6-9587d1951728', h.envelope())).status).toBe(404)
    expect(summary(seen)).toEqual([
      ['chatbot.messages', undefined, 'invalid_envelope', 403],
      ['chatbot.messages', 'closed', 'channel_closed', 429],
      ['chatbot.messages', 'default', 'token_cap_exceeded', 422],
      ['chatbot.conversations.messages', 'default', 'not_found', 404],
    ])
  })

  it('is not called for a request that is answered', async () => {
    const seen: Omit<RefusalContext, 'event'>[] = []
    const h = await start(seen)
    expect((await events(await h.post({ signed_context: h.envelope(), message: 'hi' }))).at(-1)).toMatchObject({ type: 'done' })
    expect((await h.request('/chatbot/health')).status).toBe(200)
    expect(seen).toEqual([])
  })

  it('cannot change the answer: a listener that throws is logged', async () => {
    const seen: Omit<RefusalContext, 'event'>[] = []
    const h = await start(seen, { throwing: true })
    const response = await h.post({ signed_context: h.envelope({ channel: 'closed' }), message: 'hi' })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(await response.json()).toEqual({ error: { code: 'channel_closed', message: 'Closed today.' } })
    expect(seen).toHaveLength(1)
  })
})
