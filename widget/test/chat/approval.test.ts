import { describe, expect, it } from 'vitest'
import { endpoint, setup } from '../helpers/controller.js'
import { bodyOf, doneFrame, frame, jsonResponse, streamResponse, summary } from '../helpers/streams.js'

const calls = [
  { call_id: 'c1', name: 'refund', arguments: { order: 7, amount: { value: 20, currency: 'EUR' } } },
  { call_id: 'c2', name: 'email', arguments: { to: 'ann@example.com' } },
]
const paused = (messageId: string, pending = calls, text = '') => () =>
  streamResponse(
    bodyOf(
      summary(messageId),
      ...(text ? [frame(messageId, 2, { type: 'token', content: text })] : []),
      frame(messageId, 3, { type: 'tool_approval_required', approval_id: 'ap-1', calls: pending, expires_at: '2026-01-01T00:15:00Z' }),
      doneFrame(messageId, 4, 'approval_required'),
    ),
    'conv-1',
  )
/** The continuation: the approved call runs, the denied one is refused, then text. */
const continued = () =>
  streamResponse(
    bodyOf(
      summary('m-2'),
      frame('m-2', 2, { type: 'tool_started', call_id: 'c1', name: 'refund', arguments: {} }),
      frame('m-2', 3, { type: 'tool_finished', call_id: 'c1', name: 'refund', duration_ms: 4, overran: false }),
      frame('m-2', 4, { type: 'tool_failed', call_id: 'c2', name: 'email', error: { code: 'tool_denied', message: 'The user declined.' } }),
      frame('m-2', 5, { type: 'token', content: 'Refunded; no email sent.' }),
      doneFrame('m-2', 6),
    ),
  )
const approvalUrl = `${endpoint}conversations/conv-1/approvals/ap-1`
const history = (pending: object | null) => () =>
  jsonResponse(200, { messages: [{ id: 'u-1', role: 'user', content: 'Refund order 7', status: 'complete' }, { id: 'm-1', role: 'assistant', content: '', status: 'complete' }], pending_approval: pending })

describe('chat controller: tool approval', () => {
  it('shows the calls a paused reply waits on, without an empty bubble, and announces the request', async () => {
    const { controller, messages, seen } = setup({ responses: [paused('m-1')] })
    await controller.send('Refund order 7')
    expect(messages()).toEqual([{ role: 'user', content: 'Refund order 7', status: 'complete' }])
    expect(controller.state).toMatchObject({ phase: 'idle', error: null, approval: { id: 'ap-1', calls, choices: {} } })
    expect(controller.state.announcement).toMatchObject({ text: '' })
    expect(seen.replies.map((reply) => reply.finishReason)).toEqual(['approval_required'])
  })

  it('keeps the text a paused reply had', async () => {
    const { controller, messages } = setup({ responses: [paused('m-1', calls, 'I can do that.')] })
    await controller.send('Refund order 7')
    expect(messages().at(-1)).toEqual({ role: 'assistant', content: 'I can do that.', status: 'complete' })
    expect(controller.state.approval?.id).toBe('ap-1')
  })

  it('approves every call in one request and streams the continuation as a new reply', async () => {
    const { controller, fetch, messages, postedBody, seen } = setup({ responses: [paused('m-1'), continued] })
    await controller.send('Refund order 7')
    await controller.decide('approve')
    expect(fetch.mock.calls[1]![0]).toBe(approvalUrl)
    expect(fetch.mock.calls[1]![1].headers).toMatchObject({ 'X-CSRF-TOKEN': 'csrf-1', Accept: 'text/event-stream' })
    expect(postedBody(1)).toEqual({ signed_context: 'payload.sig', decision: 'approve' })
    expect(controller.state).toMatchObject({ phase: 'idle', approval: null, error: null })
    expect(messages()).toEqual([
      { role: 'user', content: 'Refund order 7', status: 'complete' },
      { role: 'assistant', content: 'Refunded; no email sent.', status: 'complete' },
    ])
    expect(controller.state.messages[1]!.tools).toEqual([
      { callId: 'c1', name: 'refund', state: 'done', args: expect.anything() },
      { callId: 'c2', name: 'email', state: 'denied' },
    ])
    expect(seen.replies.map((reply) => reply.messageId)).toEqual(['m-1', 'm-2'])
  })

  it('denies every call with one request', async () => {
    const { controller, postedBody } = setup({ responses: [paused('m-1'), continued] })
    await controller.send('Refund order 7')
    await controller.decide('deny')
    expect(postedBody(1)).toEqual({ signed_context: 'payload.sig', decision: 'deny' })
  })

  it('gathers per-call choices, which can change, and sends them once every call has one', async () => {
    const { controller, fetch, postedBody } = setup({ responses: [paused('m-1'), continued] })
    await controller.send('Refund order 7')
    await controller.decide('deny', 'c1')
    await controller.decide('approve', 'c1')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(controller.state.approval?.choices).toEqual({ c1: 'approve' })
    await controller.decide('deny', 'c2')
    expect(postedBody(1)).toEqual({ signed_context: 'payload.sig', decisions: { c1: 'approve', c2: 'deny' } })
    expect(controller.state.approval).toBeNull()
  })

  it('sends a single call’s choice as the decision for all', async () => {
    const { controller, postedBody } = setup({ responses: [paused('m-1', calls.slice(0, 1)), continued] })
    await controller.send('Refund order 7')
    await controller.decide('approve', 'c1')
    expect(postedBody(1)).toEqual({ signed_context: 'payload.sig', decision: 'approve' })
  })

  it('shows a pending approval after a reload, from the history', async () => {
    const { controller, messages } = setup({ stored: 'conv-1', responses: [history({ approval_id: 'ap-1', calls, expires_at: '2026-01-01T00:15:00Z' }), continued] })
    await controller.load()
    // The paused reply had no text: only the card shows.
    expect(messages()).toEqual([{ role: 'user', content: 'Refund order 7', status: 'complete' }])
    expect(controller.state.approval).toEqual({ id: 'ap-1', calls, choices: {} })
    await controller.decide('approve')
    expect(messages().at(-1)).toEqual({ role: 'assistant', content: 'Refunded; no email sent.', status: 'complete' })
  })

  it.each([
    [410, 'approval_expired'],
    [409, 'approval_decided'],
  ])('on %i %s drops the card, reloads the history and says why, without Retry', async (status, code) => {
    const { controller, fetch, messages, seen } = setup({
      responses: [
        paused('m-1'),
        () => jsonResponse(status, { error: { code, message: 'No longer open.' } }),
        history(null),
      ],
    })
    await controller.send('Refund order 7')
    await controller.decide('approve')
    expect(fetch.mock.calls[2]![0]).toBe(`${endpoint}conversations/conv-1/messages?signed_context=payload.sig`)
    expect(controller.state).toMatchObject({ phase: 'idle', approval: null, error: null, notice: { code, status } })
    expect(messages()).toEqual([{ role: 'user', content: 'Refund order 7', status: 'complete' }])
    expect(seen.errors.map((error) => error.code)).toEqual([code])
  })

  it('shows another failure with Retry, which sends the same decision again', async () => {
    const { controller, messages, postedBody } = setup({
      responses: [paused('m-1'), () => jsonResponse(503, { error: { code: 'service_unavailable', message: 'down' } }), continued],
    })
    await controller.send('Refund order 7')
    await controller.decide('deny', 'c1')
    await controller.decide('approve', 'c2')
    expect(controller.state.error).toMatchObject({ code: 'service_unavailable' })
    expect(messages()).toHaveLength(1)
    await controller.retry()
    expect(postedBody(2)).toEqual({ signed_context: 'payload.sig', decisions: { c1: 'deny', c2: 'approve' } })
    expect(controller.state.error).toBeNull()
    expect(messages().map((message) => message.content)).toEqual(['Refund order 7', 'Refunded; no email sent.'])
  })

  it('resumes a dropped continuation like any reply', async () => {
    const { controller, fetch, messages } = setup({
      responses: [
        paused('m-1'),
        () => streamResponse(bodyOf(summary('m-2'), frame('m-2', 2, { type: 'token', content: 'Refun' }))),
        () => streamResponse(bodyOf(frame('m-2', 3, { type: 'token', content: 'ded.' }), doneFrame('m-2', 4))),
      ],
    })
    await controller.send('Refund order 7')
    await controller.decide('approve')
    expect(fetch.mock.calls[2]![0]).toBe(`${endpoint}conversations/conv-1/stream?signed_context=payload.sig`)
    expect((fetch.mock.calls[2]![1].headers as Record<string, string>)['Last-Event-ID']).toBe('m-2:2')
    expect(messages().at(-1)).toEqual({ role: 'assistant', content: 'Refunded.', status: 'complete' })
  })
})
