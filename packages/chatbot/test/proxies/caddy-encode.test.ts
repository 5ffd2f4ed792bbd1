import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHeldProvider, proxyMissing, sseEvents, startCaddy, type HeldProvider, type RunningProxy, type SseItem } from '@chatbot-kit/test-utils'
import { serveForProxies, type ServedChatbot } from './server.js'

// Caddy 2.6's `encode` decides on its first write from upstream: over 512 bytes, it compresses
// and holds the compressed stream until it ends (it ignores `Cache-Control: no-transform`). A
// resume's backlog, or a turn's `context_summary` with a few sections, is over 512 bytes. Every
// event stream starting with a short comment makes Caddy choose no compression.
const missing = proxyMissing('caddy')
const TOKENS = Array.from({ length: 40 }, (_, index) => ` word${String(index).padStart(2, '0')}, a longer token`)
// Eight sections with long names: `context_summary` alone is over 512 bytes.
const SECTIONS = Array.from({ length: 8 }, (_, index) => `customer_account_and_recent_order_details_${index}`)

type Event = { type: string; content?: string; message_id?: string }

/** Reads data events until `until` says stop; the rest of the stream stays readable. */
async function readUntil(items: AsyncGenerator<SseItem<Event>>, until: (events: Event[]) => boolean): Promise<Event[]> {
  const seen: Event[] = []
  while (!until(seen)) {
    const next = await items.next()
    if (next.done) break
    if (next.value.kind === 'data') seen.push(next.value.data)
  }
  return seen
}

describe.skipIf(missing)(missing || 'behind Caddy with encode', () => {
  let provider: HeldProvider
  let served: ServedChatbot
  beforeAll(async () => {
    provider = await createHeldProvider((message) => ({ tokens: TOKENS, holdAfter: message.startsWith('resume') ? 30 : 2 }))
    served = await serveForProxies(provider.url)
    for (const name of SECTIONS) served.chatbot.context(name, 'x')
  })
  afterAll(async () => {
    await served?.close()
    await provider?.close()
  })

  describe.each(['encode gzip', 'encode zstd gzip'])('%s', (encode) => {
    let caddy: RunningProxy
    beforeAll(async () => {
      caddy = await startCaddy((port) => `http://127.0.0.1:${port} {\n\t${encode}\n\treverse_proxy ${served.upstream}\n}`)
    })
    afterAll(() => caddy?.stop())

    const post = (message: string, base: string) =>
      fetch(`${base}/chatbot/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: JSON.stringify({ signed_context: served.envelope(), message }),
      })

    it('a turn whose context_summary is over 512 bytes streams its first events before the provider finishes', async () => {
      const message = `turn, ${encode}`
      const response = await post(message, caddy.url)
      const events = sseEvents<Event>(response)
      const first = await readUntil(events, (seen) => seen.filter((event) => event.type === 'token').length === 2)
      expect(JSON.stringify(first[0]).length).toBeGreaterThan(512)
      expect(first.map((event) => event.type)).toEqual(['context_summary', 'token', 'token'])
      const request = await provider.request(message)
      // Still held after two tokens: what arrived was streamed, not released at the end.
      expect(request.written()).toBe(2)
      request.release()
      const rest = await readUntil(events, () => false)
      expect(rest.at(-1)?.type).toBe('done')
    })

    it('a resume with a backlog over 512 bytes streams the backlog before the provider finishes', async () => {
      const message = `resume, ${encode}`
      const response = await post(message, served.url)
      const conversationId = response.headers.get('x-chatbot-conversation-id')!
      const request = await provider.request(message)
      await request.held
      const resumed = await fetch(`${caddy.url}/chatbot/conversations/${conversationId}/stream?signed_context=${encodeURIComponent(served.envelope())}`, {
        headers: { 'accept-encoding': 'gzip' },
      })
      const events = sseEvents<Event>(resumed)
      const backlog = await readUntil(events, (seen) => seen.filter((event) => event.type === 'token').length === 30)
      expect(JSON.stringify(backlog).length).toBeGreaterThan(512)
      expect(request.written()).toBe(30)
      request.release()
      const rest = await readUntil(events, () => false)
      expect(rest.at(-1)?.type).toBe('done')
      await response.body?.cancel()
    })
  })
})
