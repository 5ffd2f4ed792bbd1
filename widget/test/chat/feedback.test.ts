import { describe, expect, it } from 'vitest'
import { isRateable } from '../../src/chat/feedback.js'
import { createMessage } from '../../src/chat/state.js'
import { endpoint, setup } from '../helpers/controller.js'
import { jsonResponse } from '../helpers/streams.js'

describe('isRateable', () => {
  it('is a finished reply the server named: not the greeting, a user message, one streaming or failed', () => {
    const reply = (status: 'complete' | 'streaming' | 'stopped' | 'failed', id: string | null = 'm-1') => createMessage('assistant', 'x', status, id)
    expect(isRateable(reply('complete'))).toBe(true)
    expect(isRateable(reply('stopped'))).toBe(true)
    expect(isRateable(reply('streaming'))).toBe(false)
    expect(isRateable(reply('failed'))).toBe(false)
    expect(isRateable(reply('complete', null))).toBe(false)
    expect(isRateable(createMessage('user', 'x', 'complete', 'm-2'))).toBe(false)
  })

  it('is not a person’s message (handoff): an agent’s reply, live or from history, has no thumbs', () => {
    expect(isRateable({ ...createMessage('assistant', 'Hi, I am Ada.', 'complete', 'm-3'), author: 'Ada' })).toBe(false)
  })
})

describe('chat controller: rating a reply', () => {
  it('posts the rating and comment to the reply’s feedback route with the envelope and the CSRF header', async () => {
    const { controller, fetch, postedBody } = setup({ responses: [() => new Response(null, { status: 204 })] })
    expect(await controller.rate('m-1', 'down', 'Wrong size')).toBe(true)
    expect(fetch.mock.calls[0]![0]).toBe(`${endpoint}messages/m-1/feedback`)
    expect(fetch.mock.calls[0]![1].headers).toMatchObject({ 'X-CSRF-TOKEN': 'csrf-1' })
    expect(postedBody(0)).toEqual({ signed_context: 'payload.sig', rating: 'down', comment: 'Wrong size' })
    expect(controller.state.notice).toBeNull()
  })

  it('says why in the status line when it fails, reports the server’s error, and clears it once a rating passes', async () => {
    const refusal = { error: { code: 'not_found', message: 'No message has that id.' } }
    const { controller, seen } = setup({ responses: [() => jsonResponse(404, refusal), () => new Response(null, { status: 204 })] })
    expect(await controller.rate('m-9', 'up')).toBe(false)
    expect(controller.state.notice).toMatchObject({ code: 'feedback_failed', status: 404 })
    expect(controller.state.error).toBeNull()
    expect(seen.errors).toEqual([{ code: 'not_found', message: 'No message has that id.', retryable: false, status: 404 }])
    expect(await controller.rate('m-9', 'up')).toBe(true)
    expect(controller.state.notice).toBeNull()
  })

  it('has the live region read a text once per call', () => {
    const { controller } = setup({ responses: [] })
    controller.announce('Thanks for your feedback.')
    const first = controller.state.announcement
    controller.announce('Thanks for your feedback.')
    expect(first).toMatchObject({ text: 'Thanks for your feedback.' })
    expect(controller.state.announcement!.key).not.toBe(first!.key)
  })
})

describe('chat controller: ratings in the history', () => {
  it('shows each reply with its id and stored rating', async () => {
    const history = {
      messages: [
        { id: null, role: 'assistant', content: 'Hi!', status: 'complete' },
        { id: 'u-1', role: 'user', content: 'Order?', status: 'complete' },
        { id: 'm-1', role: 'assistant', content: 'Shipped.', status: 'complete', feedback: 'up' },
        { id: 'u-2', role: 'user', content: 'When?', status: 'complete' },
        { id: 'm-2', role: 'assistant', content: 'Friday.', status: 'complete', feedback: null },
      ],
    }
    const { controller } = setup({ stored: 'conv-9', responses: [() => jsonResponse(200, history)] })
    await controller.load()
    expect(controller.state.messages.map(({ id, feedback }) => [id, feedback ?? null])).toEqual([
      [null, null],
      ['u-1', null],
      ['m-1', 'up'],
      ['u-2', null],
      ['m-2', null],
    ])
  })
})
