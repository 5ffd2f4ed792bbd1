import { describe, expect, it, vi } from 'vitest'
import { storageKey } from '../../src/conversation/store.js'
import { endpoint, liveBody, setup } from '../helpers/controller.js'
import { bodyOf, jsonResponse, sse, streamResponse } from '../helpers/streams.js'

const done = (conversationId = 'conv-1') => sse({ type: 'done', conversation_id: conversationId, message_id: 'm-1', finish_reason: 'stop', usage: { input_tokens: 5, output_tokens: 2 }, citations: [] })

describe('chat controller: opening', () => {
  it('shows the envelope greeting when there is no conversation yet, without a request', async () => {
    const { controller, fetch, messages } = setup({ responses: [], greeting: 'Hi! How can I help?' })
    await controller.load()
    expect(messages()).toEqual([{ role: 'assistant', content: 'Hi! How can I help?', status: 'complete' }])
    expect(fetch).not.toHaveBeenCalled()
  })

  it('loads the stored conversation’s history once', async () => {
    const history = { messages: [{ role: 'assistant', content: 'Hi!' }, { role: 'user', content: 'Order?' }, { role: 'assistant', content: 'Shipped.' }] }
    const { controller, fetch, messages } = setup({ stored: 'conv-9', responses: [() => jsonResponse(200, history)] })
    await controller.load()
    await controller.load()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]![0]).toBe(`${endpoint}conversations/conv-9/messages?signed_context=payload.sig`)
    expect(messages().map((m) => m.content)).toEqual(['Hi!', 'Order?', 'Shipped.'])
    expect(controller.state.phase).toBe('idle')
  })

  it('forgets a conversation the server no longer has, and shows the greeting', async () => {
    const { controller, storage, messages } = setup({
      stored: 'conv-old',
      greeting: 'Welcome back',
      responses: [() => jsonResponse(404, { error: { code: 'not_found', message: 'No conversation has that id.' } })],
    })
    await controller.load()
    expect(storage.has(storageKey('support'))).toBe(false)
    expect(messages().map((m) => m.content)).toEqual(['Welcome back'])
    expect(controller.state.error).toBeNull()
  })

  it('still shows the greeting when the history fails to load', async () => {
    const { controller, messages } = setup({
      stored: 'conv-9',
      greeting: 'Welcome back',
      responses: [() => jsonResponse(503, { error: { code: 'service_unavailable', message: 'down' } })],
    })
    await controller.load()
    expect(controller.state.error).toMatchObject({ code: 'service_unavailable' })
    expect(messages()).toEqual([{ role: 'assistant', content: 'Welcome back', status: 'complete' }])
  })

  it('shows a message stored twice by a Retry once', async () => {
    const history = [
      { role: 'assistant', content: 'Welcome back' },
      { role: 'user', content: 'Question' },
      { role: 'user', content: 'Question' },
      { role: 'assistant', content: 'Answer' },
      { role: 'user', content: 'Question' },
    ]
    const { controller, messages } = setup({ stored: 'conv-9', responses: [() => jsonResponse(200, { messages: history })] })
    await controller.load()
    expect(messages().map((m) => `${m.role}: ${m.content}`)).toEqual(['assistant: Welcome back', 'user: Question', 'assistant: Answer', 'user: Question'])
  })

  it('shows a failed load with Retry, which loads again', async () => {
    const { controller, seen, messages } = setup({
      stored: 'conv-9',
      responses: [() => jsonResponse(503, { error: { code: 'service_unavailable', message: 'down' } }), () => jsonResponse(200, { messages: [{ role: 'user', content: 'Hi' }] })],
    })
    await controller.load()
    expect(controller.state.error).toMatchObject({ code: 'service_unavailable', status: 503 })
    expect(seen.errors).toHaveLength(1)
    await controller.retry()
    expect(controller.state.error).toBeNull()
    expect(messages().map((m) => m.content)).toEqual(['Hi'])
  })
})

describe('chat controller: sending', () => {
  it('streams a reply token by token and keeps the conversation id', async () => {
    const live = liveBody()
    const { controller, seen, storage, messages, postedBody, fetch } = setup({ responses: [() => streamResponse(live.body, 'conv-1')] })
    const sending = controller.send('  Where is my order?  ')
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(controller.state.phase).toBe('streaming')
    expect(messages()).toEqual([
      { role: 'user', content: 'Where is my order?', status: 'complete' },
      { role: 'assistant', content: '', status: 'streaming' },
    ])
    live.write(sse({ type: 'token', content: 'It has ' }))
    await vi.waitFor(() => expect(messages()[1]!.content).toBe('It has '))
    live.write(sse({ type: 'tool_started', call_id: 't1', name: 'orders', arguments: {} }) + ': keep-alive\n\n')
    live.write(sse({ type: 'tool_finished', call_id: 't1', name: 'orders', duration_ms: 12, overran: false }))
    live.write(sse({ type: 'token', content: 'shipped.' }) + done('conv-1'))
    live.close()
    expect(await sending).toBe(true)

    expect(messages()[1]).toEqual({ role: 'assistant', content: 'It has shipped.', status: 'complete' })
    expect(controller.state.messages[1]!.tools).toEqual([{ callId: 't1', name: 'orders', state: 'done', args: {} }])
    // Named by `done`, so it can be rated.
    expect(controller.state.messages[1]!.id).toBe('m-1')
    expect(controller.state).toMatchObject({ phase: 'idle', error: null, announcement: { text: 'It has shipped.' } })
    expect(storage.get(storageKey('support'))).toBe('conv-1')
    expect(postedBody(0)).toEqual({ signed_context: 'payload.sig', message: 'Where is my order?' })
    expect(fetch.mock.calls[0]![1].headers).toMatchObject({ 'X-CSRF-TOKEN': 'csrf-1' })
    expect(seen.sent).toEqual(['Where is my order?'])
    expect(seen.replies).toEqual([
      { conversationId: 'conv-1', messageId: 'm-1', content: 'It has shipped.', finishReason: 'stop', usage: { input_tokens: 5, output_tokens: 2 } },
    ])
  })

  it('continues the stored conversation and sends allowed extractor blocks', async () => {
    const { controller, registry, postedBody, storage } = setup({
      stored: 'conv-7',
      extractors: { cart: { timeoutMs: 100, sizeCapBytes: 100 } },
      responses: [() => streamResponse(bodyOf(sse({ type: 'token', content: 'ok' }), done('conv-8')))],
    })
    registry.register('cart', ({ message }) => `cart for: ${message}`)
    registry.register('not-allowed', () => 'never sent')
    await controller.send('hi')
    expect(postedBody(0)).toEqual({ signed_context: 'payload.sig', message: 'hi', conversation_id: 'conv-7', client_extractors: { cart: 'cart for: hi' } })
    // The conversation rolled over: `done` carries the new id.
    expect(storage.get(storageKey('support'))).toBe('conv-8')
  })

  it('ignores blank messages and messages sent while a reply streams', async () => {
    const live = liveBody()
    const { controller, fetch } = setup({ responses: [() => streamResponse(live.body)] })
    expect(await controller.send('   ')).toBe(false)
    const first = controller.send('one')
    expect(await controller.send('two')).toBe(false)
    live.write(done())
    live.close()
    await first
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('starts afresh when the stored conversation is gone or someone else’s', async () => {
    const { controller, fetch, postedBody, storage } = setup({
      stored: 'conv-foreign',
      responses: [
        () => jsonResponse(403, { error: { code: 'forbidden', message: 'This conversation belongs to someone else.' } }),
        () => streamResponse(bodyOf(sse({ type: 'token', content: 'hi' }), done('conv-new')), 'conv-new'),
      ],
    })
    await controller.send('hello')
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(postedBody(0)).toHaveProperty('conversation_id', 'conv-foreign')
    expect(postedBody(1)).not.toHaveProperty('conversation_id')
    expect(storage.get(storageKey('support'))).toBe('conv-new')
    expect(controller.state.error).toBeNull()
  })
})

describe('chat controller: failures, stop and retry', () => {
  it('shows a stream error, keeps the partial reply, and Retry sends the message again', async () => {
    const { controller, seen, messages, fetch, postedBody } = setup({
      responses: [
        () => streamResponse(bodyOf(sse({ type: 'token', content: 'Partial' }), sse({ type: 'error', code: 'stream_timeout', message: 'Too slow', retryable: true, conversation_id: 'conv-1' }))),
        () => streamResponse(bodyOf(sse({ type: 'token', content: 'Whole answer' }), done())),
      ],
    })
    await controller.send('Question')
    expect(messages()).toEqual([
      { role: 'user', content: 'Question', status: 'complete' },
      { role: 'assistant', content: 'Partial', status: 'failed' },
    ])
    expect(controller.state.error).toEqual({ code: 'stream_timeout', message: 'Too slow', retryable: true })
    expect(seen.errors).toEqual([controller.state.error])

    await controller.retry()
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(postedBody(1)).toMatchObject({ message: 'Question', conversation_id: 'conv-1' })
    expect(messages()).toEqual([
      { role: 'user', content: 'Question', status: 'complete' },
      { role: 'assistant', content: 'Whole answer', status: 'complete' },
    ])
    expect(controller.state.error).toBeNull()
  })

  it('shows an HTTP error before the stream without an empty reply bubble', async () => {
    const { controller, messages } = setup({ responses: [() => jsonResponse(429, { error: { code: 'throttled', message: 'Slow down' } })] })
    await controller.send('Hi')
    expect(messages()).toEqual([{ role: 'user', content: 'Hi', status: 'complete' }])
    expect(controller.state.error).toEqual({ code: 'throttled', message: 'Slow down', retryable: true, status: 429 })
  })

  it('reports a stream that ends without done or error as interrupted', async () => {
    const { controller } = setup({ responses: [() => streamResponse(bodyOf(sse({ type: 'token', content: 'cut' })))] })
    await controller.send('Hi')
    expect(controller.state.error).toMatchObject({ code: 'stream_interrupted', retryable: true })
    expect(controller.state.messages[1]!.status).toBe('failed')
  })

  it('stops a streaming reply, keeping what arrived and showing no error', async () => {
    const live = liveBody()
    const { controller, seen, fetch, messages } = setup({ responses: [() => streamResponse(live.body)] })
    const sending = controller.send('Tell me a long story')
    live.write(sse({ type: 'token', content: 'Once upon' }))
    await vi.waitFor(() => expect(messages()[1]!.content).toBe('Once upon'))
    controller.stop()
    await sending
    expect(fetch.mock.calls[0]![1].signal!.aborted).toBe(true)
    expect(messages()[1]).toEqual({ role: 'assistant', content: 'Once upon', status: 'stopped' })
    expect(controller.state).toMatchObject({ phase: 'idle', error: null })
    expect(seen.errors).toEqual([])
  })

  it('stops cleanly before the first token, dropping the empty reply', async () => {
    const { controller, messages } = setup({
      responses: [
        () =>
          new Promise<Response>((_, reject) => {
            setTimeout(() => reject(new DOMException('aborted', 'AbortError')), 5)
          }),
      ],
    })
    const sending = controller.send('Hi')
    controller.stop()
    await sending
    expect(messages()).toEqual([{ role: 'user', content: 'Hi', status: 'complete' }])
    expect(controller.state.error).toBeNull()
  })

  it('goes quiet once disposed', async () => {
    const live = liveBody()
    const { controller, seen } = setup({ responses: [() => streamResponse(live.body)] })
    const sending = controller.send('Hi')
    await vi.waitFor(() => expect(controller.state.phase).toBe('streaming'))
    const updates = seen.states.length
    controller.dispose()
    await sending
    expect(seen.states.length).toBe(updates)
  })
})
