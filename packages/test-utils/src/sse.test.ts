import { describe, expect, test } from 'vitest'
import { listen } from './listen.js'
import { readSse, sseEvents } from './sse.js'

const sse = (body: BodyInit, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/event-stream' } })

/** A response whose body arrives in the given pieces. */
function pieces(...parts: string[]): Response {
  const encoder = new TextEncoder()
  return sse(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part))
        controller.close()
      },
    }),
  )
}

describe('readSse', () => {
  test('parses data events, joining multi-line data, with LF, CRLF or CR line ends', async () => {
    const events = await readSse(pieces('data: {"a":1}\n\n', 'data: {"b":\r\ndata: 2}\r\n\r\n', 'data: {"c":3}\r\r', 'data: [DONE]\n\n'))
    expect(events).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }, '[DONE]'])
  })

  test('events split anywhere across chunks, a CRLF and a multi-byte character included', async () => {
    const text = 'data: {"t":"日本"}\r\n\r\n: ping\r\n\r\ndata: {"t":"😀"}\r\n\r\n'
    const bytes = new TextEncoder().encode(text)
    for (let cut = 1; cut < bytes.length; cut++) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut))
          controller.enqueue(bytes.slice(cut))
          controller.close()
        },
      })
      expect(await readSse(sse(body))).toEqual([{ t: '日本' }, { t: '😀' }])
    }
  })

  test('refuses a response that is not an event stream', async () => {
    await expect(readSse(Response.json({ error: 'nope' }, { status: 403 }))).rejects.toThrow(/403 application\/json: {"error":"nope"}/)
  })

  test('throws when the stream ends inside an event', async () => {
    await expect(readSse(pieces('data: {"a":1}\n\ndata: {"b":2}\n'))).rejects.toThrow(/ended inside an event/)
  })
})

describe('sseEvents', () => {
  test('exposes comments, event names and ids', async () => {
    const items = []
    for await (const item of sseEvents(pieces(': keep-alive\n\n', 'event: token\nid: 4\ndata: {"x":1}\n\n'))) items.push(item)
    expect(items).toEqual([
      { kind: 'comment', text: 'keep-alive' },
      { kind: 'data', data: { x: 1 }, raw: '{"x":1}', event: 'token', id: '4' },
    ])
  })

  test('yields each event as it arrives, before the stream ends', async () => {
    let consumed!: () => void
    const firstConsumed = new Promise<void>((resolve) => (consumed = resolve))
    const server = await listen(() =>
      sse(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('data: {"n":1}\n\n'))
            await firstConsumed
            controller.enqueue(new TextEncoder().encode('data: {"n":2}\n\n'))
            controller.close()
          },
        }),
      ),
    )
    const events = sseEvents(await fetch(server.url))
    expect((await events.next()).value).toMatchObject({ data: { n: 1 } })
    consumed()
    expect((await events.next()).value).toMatchObject({ data: { n: 2 } })
    expect((await events.next()).done).toBe(true)
    await server.close()
  })
})
