import type { H3Event } from 'h3'
import { describe, expect, it } from 'vitest'
import { SseStream } from '../src/sse/stream.js'

// Frames sent in one tick: the first goes out at once, the rest in one write at the tick's end,
// byte for byte and in order (stream.ts).

const frame = (seq: number, content = `t${seq}`) => `id: r:${seq}\ndata: ${JSON.stringify({ type: 'token', content })}\n\n`
const tick = () => new Promise((resolve) => setImmediate(resolve))

function open(headers: Record<string, string> = {}) {
  const writes: string[] = []
  let ended = -1
  const res = { once() {}, on() {}, write: (chunk: string) => writes.push(chunk), end: () => (ended = writes.length) }
  const event = { req: new Request('http://127.0.0.1/chatbot/messages', { headers }), runtime: { node: { res } } } as unknown as H3Event
  const stream = new SseStream(() => {})
  const response = stream.response(event, {}) as unknown as { body: { pipe(destination: unknown): void } }
  response.body.pipe(res)
  return { stream, writes, ended: () => ended }
}

describe('frames of one tick', () => {
  it('writes the first at once and the others together once the tick is done', async () => {
    const { stream, writes } = open()
    for (let seq = 1; seq <= 4; seq++) stream.write(frame(seq))
    expect(writes).toEqual([': open\n\n', frame(1)])
    await tick()
    expect(writes).toEqual([': open\n\n', frame(1), frame(2) + frame(3) + frame(4)])
    stream.write(frame(5))
    expect(writes.at(-1)).toBe(frame(5))
  })

  it('writes what waits before the stream ends', () => {
    const { stream, writes, ended } = open()
    stream.write(frame(1))
    stream.write(frame(2))
    stream.close()
    expect(writes.join('')).toBe(`: open\n\n${frame(1)}${frame(2)}`)
    expect(ended()).toBe(writes.length)
  })

  it('keeps the order behind a proxy when the opening budget cuts a later frame', async () => {
    const { stream, writes } = open({ via: '1.1 caddy' })
    const large = frame(3, 'x'.repeat(2000))
    stream.write(frame(1))
    stream.write(frame(2))
    stream.write(large)
    stream.write(frame(4))
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(writes.join('')).toBe(`: open\n\n${frame(1)}${frame(2)}${large}${frame(4)}`)
  })

  it('drops what waits when the browser left', async () => {
    const writes: string[] = []
    const handlers: Record<string, () => void> = {}
    const res = { once: (name: string, handler: () => void) => (handlers[name] = handler), on() {}, write: (chunk: string) => writes.push(chunk), end() {}, writableFinished: false }
    const event = { req: new Request('http://127.0.0.1/chatbot/messages'), runtime: { node: { res } } } as unknown as H3Event
    let cancelled = 0
    const stream = new SseStream(() => cancelled++)
    ;(stream.response(event, {}) as unknown as { body: { pipe(destination: unknown): void } }).body.pipe(res)
    stream.write(frame(1))
    stream.write(frame(2))
    handlers.close!()
    await tick()
    expect(cancelled).toBe(1)
    expect(writes).toEqual([': open\n\n', frame(1)])
  })
})
