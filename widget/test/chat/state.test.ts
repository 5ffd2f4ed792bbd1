import { describe, expect, it } from 'vitest'
import { applyToReply, createMessage, fromHistory, isEmptyReply } from '../../src/chat/state.js'

describe('applyToReply', () => {
  const reply = () => createMessage('assistant', '', 'streaming')

  it('appends tokens and ends on done or error', () => {
    let message = reply()
    message = applyToReply(message, { type: 'token', content: 'Hel' })
    message = applyToReply(message, { type: 'token', content: 'lo' })
    expect(message).toMatchObject({ content: 'Hello', status: 'streaming' })
    expect(applyToReply(message, { type: 'done', conversation_id: 'c', message_id: 'm', finish_reason: 'stop', usage: { input_tokens: 1, output_tokens: 1 }, citations: [] }).status).toBe('complete')
    expect(applyToReply(message, { type: 'error', code: 'stream_timeout', message: '', retryable: true, conversation_id: 'c' }).status).toBe('failed')
  })

  it('keeps the sources a reply may cite, from the stream and from the history', () => {
    const sources = [{ id: 1, title: 'Returns', url: 'https://shop.example/returns', snippet: '30 days.', score: 0.9 }]
    expect(applyToReply(reply(), { type: 'sources', sources }).sources).toEqual(sources)
    expect(fromHistory({ role: 'assistant', content: 'See [1].', sources }).sources).toEqual(sources)
  })

  it('marks a reply stopped on the server (done with finish_reason stopped) as stopped', () => {
    const done = { type: 'done', conversation_id: 'c', message_id: 'm', finish_reason: 'stopped', usage: { input_tokens: 1, output_tokens: 1 }, citations: [] as number[] } as const
    expect(applyToReply(reply(), done).status).toBe('stopped')
  })

  it('tracks tool calls by id, with their arguments (for the transcript)', () => {
    let message = applyToReply(reply(), { type: 'tool_started', call_id: 'a', name: 'orders', arguments: { id: 7 } })
    message = applyToReply(message, { type: 'tool_started', call_id: 'b', name: 'stock', arguments: 'raw' })
    message = applyToReply(message, { type: 'tool_finished', call_id: 'a', name: 'orders', duration_ms: 3, overran: false })
    message = applyToReply(message, { type: 'tool_failed', call_id: 'b', name: 'stock', error: { code: 'x', message: 'y' } })
    message = applyToReply(message, { type: 'tool_failed', call_id: 'c', name: 'refund', error: { code: 'tool_denied', message: 'y' } })
    expect(message.tools).toEqual([
      { callId: 'a', name: 'orders', state: 'done', args: { id: 7 } },
      { callId: 'b', name: 'stock', state: 'failed', args: 'raw' },
      { callId: 'c', name: 'refund', state: 'denied' },
    ])
  })

  it('names the reply from its first event and from done, so it can be rated', () => {
    const named = applyToReply(reply(), { type: 'context_summary', sections: [], context_hash: 'h', message_id: 'm-7' })
    expect(named.id).toBe('m-7')
    expect(applyToReply(reply(), { type: 'done', conversation_id: 'c', message_id: 'm-8', finish_reason: 'stop', usage: { input_tokens: 1, output_tokens: 1 }, citations: [] }).id).toBe('m-8')
    expect(createMessage('assistant', 'Hi').id).toBeNull()
  })

  it('returns the same message for events that change nothing', () => {
    const message = reply()
    expect(applyToReply(message, { type: 'tool_approval_required', approval_id: 'a', calls: [], expires_at: '' })).toBe(message)
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

  it('keeps the stored id and rating (absent from older servers)', () => {
    expect(fromHistory({ role: 'assistant', content: 'x', id: 'm-3', feedback: 'down' })).toMatchObject({ id: 'm-3', feedback: 'down' })
    expect(fromHistory({ role: 'assistant', content: 'Hello', id: null, feedback: null })).toMatchObject({ id: null, feedback: null })
    const older = fromHistory({ role: 'assistant', content: 'x' })
    expect([older.id, older.feedback]).toEqual([null, undefined])
  })

  it('keeps a user message\'s attachments (for the attachments module) and a person\'s name', () => {
    const files = [{ id: 'a-1', name: 'sky.png', type: 'image/png', size: 12 }]
    expect(fromHistory({ role: 'user', content: 'Look', id: 'm-4', attachments: files })).toMatchObject({ role: 'user', content: 'Look', status: 'complete', id: 'm-4', attachments: files, tools: [] })
    expect(fromHistory({ role: 'assistant', content: 'Hi', author: { kind: 'agent', name: 'Ada' } }).author).toBe('Ada')
  })
})
