import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoint, liveBody, setup } from '../helpers/controller.js'
import { bodyOf, doneFrame, frame, jsonResponse, streamResponse, summary } from '../helpers/streams.js'

const token = (messageId: string, seq: number, content: string) => frame(messageId, seq, { type: 'token', content })
const streamUrl = `${endpoint}conversations/conv-1/stream?signed_context=payload.sig`
const offline = () => Promise.reject(new TypeError('Failed to fetch'))
/** Lets pending I/O and promises run; unlike `vi.waitFor`, it moves no fake clock. */
async function until(condition: () => boolean) {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 1000) throw new Error('condition never met')
    await new Promise((resolve) => setImmediate(resolve))
  }
}
const headers = (call: { 1: RequestInit } | undefined) => call?.[1].headers as Record<string, string>

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('chat controller: a dropped stream', () => {
  it('reconnects with backoff and Last-Event-ID, showing each event once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const first = liveBody()
    const resumed = liveBody()
    const { controller, fetch, messages, seen } = setup({
      stored: 'conv-1',
      responses: [() => streamResponse(first.body, 'conv-1'), offline, () => streamResponse(resumed.body)],
    })
    const sending = controller.send('Hi')
    first.write(summary('m-1') + token('m-1', 2, 'Hello '))
    await until(() => messages()[1]!.content === 'Hello ')
    first.fail()
    // At once a first try, which fails (offline): then it waits 0.5 s, showing that it reconnects.
    await until(() => controller.state.reconnecting)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(450)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(100)
    expect(fetch).toHaveBeenCalledTimes(3)
    for (const call of fetch.mock.calls.slice(1)) {
      expect(call[0]).toBe(streamUrl)
      expect(headers(call)['Last-Event-ID']).toBe('m-1:2')
    }
    await until(() => !controller.state.reconnecting)
    // The resumed stream may repeat what arrived: it is not shown twice.
    resumed.write(token('m-1', 2, 'Hello ') + token('m-1', 3, 'world') + doneFrame('m-1', 4))
    resumed.close()
    await sending
    expect(messages()[1]).toEqual({ role: 'assistant', content: 'Hello world', status: 'complete' })
    expect(controller.state).toMatchObject({ phase: 'idle', error: null, reconnecting: false })
    expect(seen.replies.map((reply) => reply.content)).toEqual(['Hello world'])
  })

  it('resumes as often as the connection drops, each time after the last event applied', async () => {
    const { controller, fetch, messages } = setup({
      stored: 'conv-1',
      responses: [
        () => streamResponse(bodyOf(summary('m-1'), token('m-1', 2, 'a')), 'conv-1'),
        () => streamResponse(bodyOf(token('m-1', 3, 'b'))),
        () => streamResponse(bodyOf(token('m-1', 3, 'b'), token('m-1', 4, 'c'), doneFrame('m-1', 5))),
      ],
    })
    await controller.send('Hi')
    expect(fetch.mock.calls.slice(1).map((call) => headers(call)['Last-Event-ID'])).toEqual(['m-1:2', 'm-1:3'])
    expect(messages()[1]).toEqual({ role: 'assistant', content: 'abc', status: 'complete' })
  })

  it('gives up after a minute of failed reconnections and offers Retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const { controller, fetch, messages, seen } = setup({
      stored: 'conv-1',
      responses: [() => streamResponse(bodyOf(summary('m-1'), token('m-1', 2, 'Partial')), 'conv-1'), ...Array(20).fill(offline)],
    })
    const sending = controller.send('Hi')
    await vi.advanceTimersByTimeAsync(50_000)
    expect(controller.state).toMatchObject({ phase: 'streaming', reconnecting: true, error: null })
    await vi.advanceTimersByTimeAsync(10_000)
    await sending
    // Tries at 0, 0.5, 1.5, 3.5, 7.5, 15.5 … 55.5 s; the next wait would pass the minute.
    expect(fetch).toHaveBeenCalledTimes(1 + 11)
    expect(controller.state).toMatchObject({ phase: 'idle', reconnecting: false, error: { code: 'stream_interrupted' } })
    expect(messages()[1]).toEqual({ role: 'assistant', content: 'Partial', status: 'failed' })
    expect(seen.errors.map((error) => error.code)).toEqual(['stream_interrupted'])
  })

  it('does not retry a refusal of the resume route', async () => {
    const { controller, fetch } = setup({
      stored: 'conv-1',
      responses: [
        () => streamResponse(bodyOf(summary('m-1')), 'conv-1'),
        () => jsonResponse(403, { error: { code: 'forbidden', message: 'Not yours.' } }),
      ],
    })
    await controller.send('Hi')
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(controller.state.error).toMatchObject({ code: 'forbidden' })
  })

  it('shows the stored reply when the server has nothing left to resume (204)', async () => {
    const { controller, messages } = setup({
      stored: 'conv-1',
      responses: [
        () => streamResponse(bodyOf(summary('m-1'), token('m-1', 2, 'Hel')), 'conv-1'),
        () => new Response(null, { status: 204 }),
        () => jsonResponse(200, { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello there', status: 'complete' }] }),
      ],
    })
    await controller.send('Hi')
    expect(messages()).toEqual([
      { role: 'user', content: 'Hi', status: 'complete' },
      { role: 'assistant', content: 'Hello there', status: 'complete' },
    ])
    expect(controller.state.error).toBeNull()
  })
})

describe('chat controller: after a reload', () => {
  const history = (reply: object) => () =>
    jsonResponse(200, { messages: [{ id: null, role: 'assistant', content: 'Hi!', status: 'complete' }, { id: 'u-1', role: 'user', content: 'Q', status: 'complete' }, reply] })

  it('follows a reply still streaming, its replay replacing the text so far', async () => {
    const live = liveBody()
    const { controller, fetch, messages, seen } = setup({
      stored: 'conv-1',
      responses: [history({ id: 'm-2', role: 'assistant', content: 'Hello th', status: 'streaming' }), () => streamResponse(live.body)],
    })
    const loading = controller.load()
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    expect(fetch.mock.calls[1]![0]).toBe(streamUrl)
    expect(headers(fetch.mock.calls[1])).not.toHaveProperty('Last-Event-ID')
    expect(controller.state.phase).toBe('streaming')
    expect(messages()[2]).toEqual({ role: 'assistant', content: 'Hello th', status: 'streaming' })
    live.write(summary('m-2') + token('m-2', 2, 'Hello'))
    await vi.waitFor(() => expect(messages()[2]!.content).toBe('Hello'))
    live.write(token('m-2', 3, ' there') + doneFrame('m-2', 4))
    live.close()
    await loading
    expect(messages()[2]).toEqual({ role: 'assistant', content: 'Hello there', status: 'complete' })
    expect(controller.state).toMatchObject({ phase: 'idle', error: null, announcement: { text: 'Hello there' } })
    // Sent before the reload: `chatbot-message` is for replies sent from this page.
    expect(seen.replies).toEqual([])
  })

  it('keeps a followed reply’s sources from the history and its replay, and drops them when another reply replaces it', async () => {
    const sources = [{ id: 1, title: 'Returns', url: 'https://shop.example/returns', snippet: '', score: 1 }]
    const live = liveBody()
    const { controller } = setup({
      stored: 'conv-1',
      responses: [history({ id: 'm-2', role: 'assistant', content: 'See', status: 'streaming', sources }), () => streamResponse(live.body)],
    })
    const loading = controller.load()
    await vi.waitFor(() => expect(controller.state.messages[2]!.sources).toEqual(sources))
    live.write(summary('m-2') + frame('m-2', 2, { type: 'sources', sources }) + token('m-2', 3, 'See [1]'))
    await vi.waitFor(() => expect(controller.state.messages[2]!.content).toBe('See [1]'))
    expect(controller.state.messages[2]!.sources).toEqual(sources)
    // The latest reply is another one (m-3, with no sources): its replay replaces what was shown.
    live.write(summary('m-3') + token('m-3', 2, 'Other') + doneFrame('m-3', 3))
    live.close()
    await loading
    expect(controller.state.messages[2]).toMatchObject({ content: 'Other', status: 'complete', sources: [] })
  })

  it('shows a reply stored incomplete as stopped, and resumes nothing', async () => {
    const { controller, fetch, messages } = setup({ stored: 'conv-1', responses: [history({ id: 'm-2', role: 'assistant', content: 'Hal', status: 'incomplete' })] })
    await controller.load()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(messages()[2]).toEqual({ role: 'assistant', content: 'Hal', status: 'stopped' })
  })

  it('marks a reply stopped elsewhere (done with finish_reason stopped) as stopped', async () => {
    const { controller, messages } = setup({
      stored: 'conv-1',
      responses: [history({ id: 'm-2', role: 'assistant', content: 'Hal', status: 'streaming' }), () => streamResponse(bodyOf(summary('m-2'), token('m-2', 2, 'Half'), doneFrame('m-2', 3, 'stopped')))],
    })
    await controller.load()
    expect(messages()[2]).toEqual({ role: 'assistant', content: 'Half', status: 'stopped' })
  })
})

describe('chat controller: Stop', () => {
  async function streaming(stopResponse: () => Promise<Response>) {
    const live = liveBody()
    const context = setup({ stored: 'conv-1', responses: [() => streamResponse(live.body, 'conv-1'), stopResponse] })
    const sending = context.controller.send('Tell me a long story')
    live.write(summary('m-1') + token('m-1', 2, 'Once upon'))
    await vi.waitFor(() => expect(context.messages()[1]!.content).toBe('Once upon'))
    context.controller.stop()
    await sending
    return { ...context, live }
  }

  it('calls the stop route and stops reading; what arrived stays, marked stopped', async () => {
    const { fetch, postedBody, messages, controller, live } = await streaming(async () => jsonResponse(200, { stopped: true, message_id: 'm-1' }))
    expect(fetch.mock.calls[1]![0]).toBe(`${endpoint}conversations/conv-1/stop`)
    expect(fetch.mock.calls[1]![1]).toMatchObject({ method: 'POST', headers: { 'X-CSRF-TOKEN': 'csrf-1' } })
    expect(postedBody(1)).toEqual({ signed_context: 'payload.sig' })
    expect(live.cancelled).toBe(true)
    expect(messages()[1]).toEqual({ role: 'assistant', content: 'Once upon', status: 'stopped' })
    expect(controller.state).toMatchObject({ phase: 'idle', error: null })
  })

  it('still stops here when the stop call fails', async () => {
    const { messages, controller, seen } = await streaming(offline)
    expect(messages()[1]).toEqual({ role: 'assistant', content: 'Once upon', status: 'stopped' })
    expect(controller.state.error).toBeNull()
    expect(seen.errors).toEqual([])
  })
})
