import { describe, expect, it } from 'vitest'
import { readSse, sseFrames, type SseFrame } from '../../src/stream/sse.js'
import { bodyOf } from '../helpers/streams.js'

async function collect(...chunks: (string | Uint8Array)[]): Promise<string[]> {
  const events: string[] = []
  await readSse(bodyOf(...chunks), (data) => events.push(data))
  return events
}

describe('readSse', () => {
  it('dispatches each event at its blank line', async () => {
    expect(await collect('data: {"a":1}\n\ndata: {"b":2}\n\n')).toEqual(['{"a":1}', '{"b":2}'])
  })

  it('reassembles events and lines split across chunks, CRLF included', async () => {
    expect(await collect('da', 'ta: one\r', '\n\r\ndata:two\n', '\n')).toEqual(['one', 'two'])
  })

  it('keeps a multi-byte character split between chunks whole', async () => {
    const bytes = new TextEncoder().encode('data: héllo 👋\n\n')
    expect(await collect(bytes.slice(0, 8), bytes.slice(8, 17), bytes.slice(17))).toEqual(['héllo 👋'])
  })

  it('joins multi-line data and ignores comments and other fields', async () => {
    expect(await collect(': keep-alive\n\nevent: x\nid: 1\ndata: a\ndata\ndata: b\n\n')).toEqual(['a\n\nb'])
  })

  it('gives each event the last id seen, as the browser does for Last-Event-ID', async () => {
    const seen: [string, string][] = []
    await readSse(bodyOf('id: m-1:1\ndata: a\n\n', 'id:m-1:2\r\ndata: b\r\n\n', ': keep-alive\n\ndata: c\n\n'), (data, id) => seen.push([data, id]))
    expect(seen).toEqual([
      ['a', 'm-1:1'],
      ['b', 'm-1:2'],
      ['c', 'm-1:2'],
    ])
  })

  it('gives an empty id to events of a stream without ids', async () => {
    const ids: string[] = []
    await readSse(bodyOf('data: a\n\n'), (_, id) => ids.push(id))
    expect(ids).toEqual([''])
  })

  it('drops a trailing event that never got its blank line', async () => {
    expect(await collect('data: complete\n\ndata: cut')).toEqual(['complete'])
  })

  it('cancels the body and rethrows when the handler throws', async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    await expect(
      readSse(body, () => {
        throw new Error('stop here')
      }),
    ).rejects.toThrow('stop here')
    expect(cancelled).toBe(true)
  })

  it('ends the read when the signal aborts, even if the body stays open', async () => {
    const body = new ReadableStream<Uint8Array>({ start: () => {} })
    const abort = new AbortController()
    const reading = readSse(body, () => {}, abort.signal)
    abort.abort()
    await expect(reading).resolves.toBeUndefined()
  })
})

describe('sseFrames', () => {
  /** A body that sends `first` and stays open, recording whether it was cancelled. */
  function openBody(first: string) {
    const state = { cancelled: false }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(first))
      },
      cancel() {
        state.cancelled = true
      },
    })
    return { body, state }
  }

  it('yields each event with its data and the last id seen', async () => {
    const frames: SseFrame[] = []
    for await (const frame of sseFrames(bodyOf('id: r:1\ndata: a\n\n', 'data: b\n\n'))) frames.push(frame)
    expect(frames).toEqual([
      { data: 'a', id: 'r:1' },
      { data: 'b', id: 'r:1' },
    ])
  })

  it('cancels the body when the consumer leaves early, closing the connection', async () => {
    const { body, state } = openBody('data: done\n\n')
    for await (const frame of sseFrames(body)) {
      expect(frame.data).toBe('done')
      break
    }
    expect(state.cancelled).toBe(true)
  })

  it('ends when the signal aborts, cancelling a body that stays open', async () => {
    const { body, state } = openBody(': keep-alive\n\n')
    const abort = new AbortController()
    const frames: SseFrame[] = []
    const reading = (async () => {
      for await (const frame of sseFrames(body, abort.signal)) frames.push(frame)
    })()
    abort.abort()
    await reading
    expect(frames).toEqual([])
    expect(state.cancelled).toBe(true)
  })
})
