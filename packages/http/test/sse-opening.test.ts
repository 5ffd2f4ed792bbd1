import type { H3Event } from 'h3'
import { describe, expect, it } from 'vitest'
import { SseStream } from '../src/sse/stream.js'

// A stream's first bytes: behind a proxy, what goes past 512 bytes waits until the opening is
// 25 ms old (Caddy 2.6's encode, stream.ts); straight from a browser, nothing waits.

const FRAME = `data: ${JSON.stringify({ type: 'sources', text: 'x'.repeat(2000) })}\n\n`

function open(headers: Record<string, string>) {
  const writes: string[] = []
  const res = { once() {}, on() {}, write: (chunk: string) => writes.push(chunk), end() {} }
  const event = { req: new Request('http://127.0.0.1/chatbot/messages', { headers }), runtime: { node: { res } } } as unknown as H3Event
  const stream = new SseStream(() => {})
  const response = stream.response(event, {}) as unknown as { body: { pipe(destination: unknown): void } }
  response.body.pipe(res)
  return { stream, writes }
}

describe('the opening of an event stream', () => {
  it('sends a large first frame at once to a client that came straight', () => {
    const { stream, writes } = open({})
    stream.write(FRAME)
    expect(writes).toEqual([': open\n\n', FRAME])
  })

  it.each(['x-forwarded-for', 'via', 'forwarded'])('cuts it at 512 bytes and sends the rest after the gap behind a proxy (%s)', async (header) => {
    const { stream, writes } = open({ [header]: '203.0.113.7' })
    stream.write(FRAME)
    expect(writes.join('').length).toBe(512)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(writes.join('')).toBe(`: open\n\n${FRAME}`)
  })
})
