import { describe, expect, test } from 'vitest'
import { toResponsesBody } from './responses-request.js'
import type { ChatRequest } from './types.js'

const tools: ChatRequest['tools'] = [
  { type: 'function', function: { name: 'order_status', description: 'Where an order is.', parameters: { type: 'object', properties: { order: { type: 'string' } } } } },
]

describe('toResponsesBody', () => {
  test('a whole conversation becomes instructions and input items, sent whole, never stored', () => {
    const request: ChatRequest = {
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: '<context name="page" source="client">Home</context>' },
        { role: 'user', content: 'Where is 1042?' },
        { role: 'assistant', content: 'Let me look.', tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'order_status', arguments: '{"order":"1042"}' } }] },
        { role: 'tool', tool_call_id: 'call_a', content: '{"status":"shipped"}' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'order_status', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_b', content: 'unknown' },
        { role: 'assistant', content: 'It shipped.' },
        { role: 'user', content: 'Thanks' },
      ],
      tools,
      tool_choice: 'auto',
    }
    expect(toResponsesBody(request)).toEqual({
      model: 'gpt-x',
      instructions: 'Be brief.\n\n<context name="page" source="client">Home</context>',
      input: [
        { type: 'message', role: 'user', content: 'Where is 1042?' },
        { type: 'message', role: 'assistant', content: 'Let me look.' },
        { type: 'function_call', call_id: 'call_a', name: 'order_status', arguments: '{"order":"1042"}' },
        { type: 'function_call_output', call_id: 'call_a', output: '{"status":"shipped"}' },
        { type: 'function_call', call_id: 'call_b', name: 'order_status', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_b', output: 'unknown' },
        { type: 'message', role: 'assistant', content: 'It shipped.' },
        { type: 'message', role: 'user', content: 'Thanks' },
      ],
      tools: [{ type: 'function', name: 'order_status', description: 'Where an order is.', parameters: tools[0]!.function.parameters, strict: false }],
      tool_choice: 'auto',
      stream: true,
      store: false,
    })
  })

  test('no system message: no instructions; a later system message stays an input item', () => {
    const body = toResponsesBody({ model: 'm', messages: [{ role: 'user', content: 'a' }, { role: 'system', content: 'b' }] })
    expect(body).not.toHaveProperty('instructions')
    expect(body.input).toEqual([
      { type: 'message', role: 'user', content: 'a' },
      { type: 'message', role: 'system', content: 'b' },
    ])
  })

  test('plugin keys: shared ones pass, max tokens and reasoning effort are renamed, chat-only ones dropped', () => {
    const body = toResponsesBody({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.3,
      top_p: 0.9,
      user: 'u-1',
      truncation: 'auto',
      max_tokens: 256,
      reasoning_effort: 'low',
      stop: ['\n'],
      seed: 7,
      n: 1,
      stream_options: { include_usage: true },
    })
    expect(body).toEqual({
      model: 'm',
      input: [{ type: 'message', role: 'user', content: 'hi' }],
      temperature: 0.3,
      top_p: 0.9,
      user: 'u-1',
      truncation: 'auto',
      max_output_tokens: 256,
      reasoning: { effort: 'low' },
      stream: true,
      store: false,
    })
  })

  test('previous_response_id is never sent, even when a plugin sets it; store stays false', () => {
    const body = toResponsesBody({ model: 'm', messages: [{ role: 'user', content: 'hi' }], previous_response_id: 'resp_1', store: true, stream: false })
    expect(body).not.toHaveProperty('previous_response_id')
    expect(body).toMatchObject({ store: false, stream: true })
  })

  test('a named tool choice is flattened to the Responses shape; none and required pass', () => {
    const named = { type: 'function', function: { name: 'order_status' } }
    expect(toResponsesBody({ model: 'm', messages: [], tool_choice: named as never }).tool_choice).toEqual({ type: 'function', name: 'order_status' })
    expect(toResponsesBody({ model: 'm', messages: [], tool_choice: 'none' }).tool_choice).toBe('none')
    expect(toResponsesBody({ model: 'm', messages: [], tool_choice: 'required' as never }).tool_choice).toBe('required')
  })

  test("response_format becomes text.format, a JSON schema's fields flattened into it", () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } } }
    const withSchema = toResponsesBody({ model: 'm', messages: [], response_format: { type: 'json_schema', json_schema: { name: 'reply', schema, strict: true } } })
    expect(withSchema.text).toEqual({ format: { type: 'json_schema', name: 'reply', schema, strict: true } })
    expect(withSchema).not.toHaveProperty('response_format')
    expect(toResponsesBody({ model: 'm', messages: [], response_format: { type: 'json_object' } }).text).toEqual({ format: { type: 'json_object' } })
  })
})
