import { describe, expect, test } from 'vitest'
import { ProviderError } from './error.js'
import { createResponsesAccumulator } from './responses-accumulator.js'

/** Feeds `events` (objects, or raw payloads) until one ends the reply; returns the text, the result and what stopped. */
function read(events: (object | string)[]) {
  let text = ''
  const accumulator = createResponsesAccumulator((delta) => (text += delta))
  let stoppedAt = -1
  for (const [index, event] of events.entries()) {
    if (accumulator.data(typeof event === 'string' ? event : JSON.stringify(event))) {
      stoppedAt = index
      break
    }
  }
  return { text, stoppedAt, accumulator }
}

const completed = (usage?: object) => ({ type: 'response.completed', response: { status: 'completed', usage } })

describe('createResponsesAccumulator', () => {
  test('text deltas, then completed with usage; reading stops there', () => {
    const { text, stoppedAt, accumulator } = read([
      { type: 'response.created', response: { status: 'in_progress' } },
      { type: 'response.output_text.delta', delta: 'Hel' },
      { type: 'response.output_text.delta', delta: 'lo\u0000!' },
      { type: 'response.output_text.done', text: 'Hello!' },
      completed({ input_tokens: 11, output_tokens: 2, total_tokens: 13 }),
      { type: 'response.output_text.delta', delta: 'late' },
    ])
    expect(text).toBe('Hello!')
    expect(stoppedAt).toBe(4)
    expect(accumulator.result()).toEqual({ finishReason: 'stop', toolCalls: [], usage: { inputTokens: 11, outputTokens: 2 } })
  })

  test('function calls by output index, past a reasoning item, from deltas or from the done item alone', () => {
    const { accumulator } = read([
      { type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: 'rs_1' } },
      { type: 'response.output_item.added', output_index: 1, item: { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'weather', arguments: '' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '{"city":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '"Bern"}' },
      { type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: 1, arguments: '{"city":"Bern"}' },
      { type: 'response.output_item.done', output_index: 2, item: { type: 'function_call', id: 'fc_2', call_id: 'call_b', name: 'clock', arguments: '{}' } },
      completed(),
    ])
    expect(accumulator.started()).toBe(true)
    expect(accumulator.result()).toEqual({
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{"city":"Bern"}' } },
        { id: 'call_b', type: 'function', function: { name: 'clock', arguments: '{}' } },
      ],
    })
  })

  test('a server that omits output_index: calls are found by item id', () => {
    const { accumulator } = read([
      { type: 'response.output_item.added', item: { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'a' } },
      { type: 'response.output_item.added', item: { type: 'function_call', id: 'fc_2', name: 'b' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: '{}' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_2', delta: '[]' },
      completed(),
    ])
    expect(accumulator.result().toolCalls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'a', arguments: '{}' } },
      { id: 'call_1', type: 'function', function: { name: 'b', arguments: '[]' } },
    ])
  })

  test.each([
    ['max_output_tokens', 'length'],
    ['content_filter', 'content_filter'],
  ])('incomplete for %s → finish reason %s, with the usage', (reason, finishReason) => {
    const { accumulator } = read([
      { type: 'response.output_text.delta', delta: 'cut sho' },
      { type: 'response.incomplete', response: { status: 'incomplete', incomplete_details: { reason }, usage: { input_tokens: 5, output_tokens: 16 } } },
    ])
    expect(accumulator.result()).toEqual({ finishReason, toolCalls: [], usage: { inputTokens: 5, outputTokens: 16 } })
  })

  test('response.failed fails like an error object in a chat stream: detail only, retryable', () => {
    const failure = (() => {
      try {
        read([{ type: 'response.failed', response: { status: 'failed', error: { code: 'server_error', message: 'boom on node-9' } } }])
      } catch (error) {
        return error
      }
    })()
    expect(failure).toBeInstanceOf(ProviderError)
    expect(failure).toMatchObject({ kind: 'cut' })
    expect((failure as ProviderError).message).not.toContain('node-9')
    expect((failure as ProviderError).detail).toContain('boom on node-9')
  })

  test('an error event with a nested error object keeps its status code', () => {
    expect(() => read([{ type: 'error', error: { message: 'slow down', code: 429 } }])).toThrow(expect.objectContaining({ kind: 'status', status: 429 }))
  })

  test('ended without completed: cut; unknown events are skipped', () => {
    const { accumulator } = read([{ type: 'response.reasoning_summary_text.delta', delta: 'hm' }, { type: 'response.output_text.delta', delta: 'x' }])
    expect(accumulator.complete()).toBe(false)
    expect(() => accumulator.result()).toThrow(expect.objectContaining({ kind: 'cut' }))
  })
})
