import { describe, expect, it } from 'vitest'
import { applyToReply, createMessage, fromHistory, isEmptyReply } from '../../src/chat/state.js'

describe('applyToReply', () => {
  const reply = () => createMessage('assistant', '', 'streaming')

  it('appends tokens and ends on done or error', () => {
    let message = reply()
    message = applyToReply(message, { type: 'token', content: 'Hel' })
    message = applyToReply(message, { type: 'token', content: 'lo' })
    expect(message).toMatchObject({ content: 'Hello', status: 'streaming' })
    expect(applyToReply(message, { type: 'done', conversation_id: 'c', message_id: 'm', finish_reason: 'stop', usage: { input_tokens: 1, output_tokens: 1 } }).status).toBe('complete')
    expect(applyToReply(message, { type: 'error', code: 'stream_timeout', message: '', retryable: true, conversation_id: 'c' }).status).toBe('failed')
  })

  it('marks a reply stopped on the server (done with finish_reason stopped) as stopped', () => {
    const done = { type: 'done', conversation_id: 'c', message_id: 'm', finish_reason: 'stopped', usage: { input_tokens: 1, output_tokens: 1 } } as const
    expect(applyToReply(reply(), done).status).toBe('stopped')
  })

  it('tracks tool calls by id', () => {
    let message = applyToReply(reply(), { type: 'tool_started', call_id: 'a', name: 'orders', arguments: {} })
    message = applyToReply(message, { type: 'tool_started', call_id: 'b', name: 'stock', arguments: {} })
    message = applyToReply(message, { type: 'tool_finished', call_id: 'a', name: 'orders', duration_ms: 3, overran: false })
    message = applyToReply(message, { type: 'tool_failed', call_id: 'b', name: 'stock', error: { code: 'x', message: 'y' } })
    expect(message.tools).toEqual([
      { callId: 'a', name: 'orders', state: 'done' },
      { callId: 'b', name: 'stock', state: 'failed' },
    ])
  })

  it('returns the same message for events that change nothing', () => {
    const message = reply()
    expect(applyToReply(message, { type: 'context_summary', sections: [], context_hash: 'h', message_id: 'm' })).toBe(message)
  })

  it('knows an empty reply', () => {
    expect(isEmptyReply(reply())).toBe(true)
    expect(isEmptyReply(createMessage('user', ''))).toBe(false)
    expect(isEmptyReply(applyToReply(reply(), { type: 'tool_started', call_id: 'a', name: 'x', arguments: {} }))).toBe(false)
  })

  it('gives every message its own key', () => {
    expect(createMessage('user', 'a').key).not.toBe(createMessage('user', 'a').key)
  })
})

describe('fromHistory', () => {
  it('shows a stored reply by its status: incomplete as stopped, streaming as streaming', () => {
    const shown = (status?: 'complete' | 'incomplete' | 'streaming') => fromHistory({ role: 'assistant', content: 'x', status }).status
    expect([shown('complete'), shown('incomplete'), shown('streaming'), shown(undefined)]).toEqual(['complete', 'stopped', 'streaming', 'complete'])
  })
})
