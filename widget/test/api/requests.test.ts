import { describe, expect, it, vi } from 'vitest'
import { RequestFailure } from '../../src/api/errors.js'
import { getHistory, postDecision, postFeedback, postMessage, resumeReply, stopReply, type FetchLike } from '../../src/api/requests.js'
import { bodyOf, jsonResponse, sse, streamResponse } from '../helpers/streams.js'

const endpoint = 'https://shop.example/chatbot/'
const body = { signed_context: 'payload.sig', message: 'Hi' }

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(RequestFailure)
  return (error as RequestFailure).error
}

describe('postMessage', () => {
  it('posts JSON with the CSRF header and same-origin credentials, and gives the stream', async () => {
    const fetch = vi.fn<FetchLike>(async () => streamResponse(bodyOf(sse({ type: 'token', content: 'x' })), 'conv-1'))
    const result = await postMessage({ fetch, endpoint, signal: new AbortController().signal, body, csrfToken: 'tok' })
    expect(result.conversationId).toBe('conv-1')
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://shop.example/chatbot/messages')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: JSON.stringify(body) })
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-CSRF-TOKEN': 'tok' })
  })

  it('sends no CSRF header when the page has no token', async () => {
    const fetch = vi.fn<FetchLike>(async () => streamResponse(bodyOf()))
    await postMessage({ fetch, endpoint, signal: new AbortController().signal, body, csrfToken: null })
    expect(fetch.mock.calls[0]![1].headers).not.toHaveProperty('X-CSRF-TOKEN')
  })

  it.each([
    [403, 'invalid_envelope', false],
    [419, 'csrf_token_mismatch', false],
    [422, 'validation_failed', false],
    [429, 'throttled', true],
    [500, 'internal_error', true],
  ])('reads a %i error body', async (status, code, retryable) => {
    const fetch: FetchLike = async () => jsonResponse(status, { error: { code, message: `says ${code}` } })
    const error = await failure(postMessage({ fetch, endpoint, signal: new AbortController().signal, body, csrfToken: null }))
    expect(error).toEqual({ code, message: `says ${code}`, retryable, status })
  })

  it('falls back on the status when the error body is not JSON', async () => {
    const fetch: FetchLike = async () => new Response('<html>Bad gateway</html>', { status: 502 })
    const error = await failure(postMessage({ fetch, endpoint, signal: new AbortController().signal, body, csrfToken: null }))
    expect(error).toMatchObject({ code: 'http_502', retryable: true, status: 502 })
  })

  it('refuses a 200 that is not an event stream', async () => {
    const fetch: FetchLike = async () => new Response('<html>login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })
    const error = await failure(postMessage({ fetch, endpoint, signal: new AbortController().signal, body, csrfToken: null }))
    expect(error).toMatchObject({ code: 'bad_response', status: 200 })
  })

  it('reports a network failure, but lets an abort through as an abort', async () => {
    const down: FetchLike = async () => {
      throw new TypeError('Failed to fetch')
    }
    const error = await failure(postMessage({ fetch: down, endpoint, signal: new AbortController().signal, body, csrfToken: null }))
    expect(error).toMatchObject({ code: 'network_error', retryable: true })

    const abort = new AbortController()
    const aborted: FetchLike = async () => {
      abort.abort()
      throw new DOMException('aborted', 'AbortError')
    }
    await expect(postMessage({ fetch: aborted, endpoint, signal: abort.signal, body, csrfToken: null })).rejects.toThrow('aborted')
  })
})

describe('getHistory', () => {
  it('reads the messages, skipping entries it cannot show', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      jsonResponse(200, {
        messages: [
          { role: 'assistant', content: 'Welcome', route_name: null, context_hash: null, created_at: '2026-01-01T00:00:00+00:00' },
          { role: 'user', content: 'Hi' },
          { role: 'tool', content: 'x' },
          { role: 'assistant', content: null },
        ],
      }),
    )
    const { messages, approval } = await getHistory({ fetch, endpoint, signal: new AbortController().signal, conversationId: 'c-1', token: 'p.s' })
    expect(approval).toBeNull()
    expect(messages.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'assistant', content: 'Welcome' },
      { role: 'user', content: 'Hi' },
    ])
    expect(fetch.mock.calls[0]![0]).toBe('https://shop.example/chatbot/conversations/c-1/messages?signed_context=p.s')
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' })
  })

  it('reads the tool calls waiting for approval, and ignores a malformed entry', async () => {
    const pending = { approval_id: 'ap-1', calls: [{ call_id: 'c1', name: 'refund', arguments: { order: 7 } }], expires_at: '2026-01-01T00:15:00Z' }
    const read = (pendingApproval: unknown) =>
      getHistory({ fetch: async () => jsonResponse(200, { messages: [], pending_approval: pendingApproval }), endpoint, conversationId: 'c-1', token: 'p.s' })
    expect((await read(pending)).approval).toEqual(pending)
    expect((await read({ approval_id: 'ap-1' })).approval).toBeNull()
    expect((await read(null)).approval).toBeNull()
  })

  it('fails on an error status or a body without messages', async () => {
    const gone: FetchLike = async () => jsonResponse(404, { error: { code: 'not_found', message: 'No conversation has that id.' } })
    expect(await failure(getHistory({ fetch: gone, endpoint, signal: new AbortController().signal, conversationId: 'c', token: 't' }))).toMatchObject({
      code: 'not_found',
      status: 404,
    })
    const odd: FetchLike = async () => jsonResponse(200, { items: [] })
    expect(await failure(getHistory({ fetch: odd, endpoint, signal: new AbortController().signal, conversationId: 'c', token: 't' }))).toMatchObject({
      code: 'bad_response',
    })
  })
})

describe('resumeReply', () => {
  const resume = (fetch: FetchLike, lastEventId: string) =>
    resumeReply({ fetch, endpoint, signal: new AbortController().signal, conversationId: 'c-1', token: 'p.s', lastEventId })

  it('asks for the events after the last one seen, with Last-Event-ID', async () => {
    const fetch = vi.fn<FetchLike>(async () => streamResponse(bodyOf(sse({ type: 'token', content: 'x' }))))
    expect(await resume(fetch, 'm-1:4')).toBeInstanceOf(ReadableStream)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://shop.example/chatbot/conversations/c-1/stream?signed_context=p.s')
    expect(init).toMatchObject({ credentials: 'same-origin', headers: { Accept: 'text/event-stream', 'Last-Event-ID': 'm-1:4' } })
  })

  it('asks for the whole reply without an id', async () => {
    const fetch = vi.fn<FetchLike>(async () => streamResponse(bodyOf()))
    await resume(fetch, '')
    expect(fetch.mock.calls[0]![1].headers).toEqual({ Accept: 'text/event-stream' })
  })

  it('gives null for 204, nothing to resume', async () => {
    expect(await resume(async () => new Response(null, { status: 204 }), 'm-1:4')).toBeNull()
  })

  it('fails on a refusal or a 200 that is not a stream', async () => {
    expect(await failure(resume(async () => jsonResponse(422, { error: { code: 'validation_failed', message: 'bad id' } }), 'x'))).toMatchObject({ code: 'validation_failed', retryable: false })
    expect(await failure(resume(async () => jsonResponse(200, {}), ''))).toMatchObject({ code: 'bad_response' })
  })
})

describe('stopReply', () => {
  it('posts the envelope with the CSRF header to the stop route', async () => {
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(200, { stopped: true, message_id: 'm-1' }))
    await stopReply({ fetch, endpoint, conversationId: 'c-1', token: 'p.s', csrfToken: 'tok' })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://shop.example/chatbot/conversations/c-1/stop')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: JSON.stringify({ signed_context: 'p.s' }) })
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-TOKEN': 'tok' })
  })
})

describe('postFeedback', () => {
  it('posts the rating and comment with the envelope and the CSRF header to the reply’s feedback route', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response(null, { status: 204 }))
    await postFeedback({ fetch, endpoint, token: 'p.s', messageId: 'm 1/x', rating: 'down', comment: 'Wrong size', csrfToken: 'tok' })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://shop.example/chatbot/messages/m%201%2Fx/feedback')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: JSON.stringify({ signed_context: 'p.s', rating: 'down', comment: 'Wrong size' }) })
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-TOKEN': 'tok' })
  })

  it('sends no comment key without one, and reads a refusal', async () => {
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(403, { error: { code: 'forbidden', message: 'Not yours.' } }))
    const error = await failure(postFeedback({ fetch, endpoint, token: 'p.s', messageId: 'm-1', rating: 'up', csrfToken: null }))
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ signed_context: 'p.s', rating: 'up' })
    expect(error).toEqual({ code: 'forbidden', message: 'Not yours.', retryable: false, status: 403 })
  })
})

describe('postDecision', () => {
  it('posts the decision with the envelope and the CSRF header to the approval, and gives the stream', async () => {
    const fetch = vi.fn<FetchLike>(async () => streamResponse(bodyOf(sse({ type: 'token', content: 'x' }))))
    const stream = await postDecision({ fetch, endpoint, conversationId: 'c-1', approvalId: 'ap/1', token: 'p.s', csrfToken: 'tok', body: { decisions: { a: 'approve', b: 'deny' } } })
    expect(stream).toBeInstanceOf(ReadableStream)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://shop.example/chatbot/conversations/c-1/approvals/ap%2F1')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' })
    expect(JSON.parse(String(init.body))).toEqual({ signed_context: 'p.s', decisions: { a: 'approve', b: 'deny' } })
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-CSRF-TOKEN': 'tok' })
  })

  it('fails with the server’s code when the approval is expired or decided', async () => {
    const expired: FetchLike = async () => jsonResponse(410, { error: { code: 'approval_expired', message: 'Too late.' } })
    expect(await failure(postDecision({ fetch: expired, endpoint, conversationId: 'c-1', approvalId: 'ap-1', token: 'p.s', csrfToken: null, body: { decision: 'deny' } }))).toMatchObject({
      code: 'approval_expired',
      status: 410,
    })
  })
})
