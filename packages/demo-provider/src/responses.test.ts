import { postJson, sseEvents } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDemoProvider } from './server.js'
import type { DemoProvider } from './types.js'

interface ResponsesEvent {
  type: string
  sequence_number: number
  delta?: string
  output_index?: number
  item_id?: string
  item?: { id: string; type: string; status: string; call_id?: string; name?: string; arguments?: string; content?: { text: string }[] }
  response?: { id: string; object: string; status: string; model: string; output: unknown[]; usage: { input_tokens: number; output_tokens: number; total_tokens: number } | null }
}

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

const input = [{ type: 'message', role: 'user', content: 'Hello?' }]
const respond = (body: Record<string, unknown>) => postJson(`${provider.url}/responses`, { model: 'test-model', input, ...body })

/** Every event of a streamed response, checking that each `event:` line names its data's type. */
async function events(response: Response): Promise<ResponsesEvent[]> {
  const all: ResponsesEvent[] = []
  for await (const item of sseEvents<ResponsesEvent>(response)) {
    if (item.kind !== 'data') continue
    expect(item.event).toBe(item.data.type)
    all.push(item.data)
  }
  return all
}

const texts = (all: ResponsesEvent[]) => all.filter((event) => event.type === 'response.output_text.delta').map((event) => event.delta)

describe('POST /v1/responses streaming wire format', () => {
  test('created, the message item and its text deltas, the .done events, completed with usage; numbered in order', async () => {
    provider.script({ text: 'Hello there, wörld', usage: { prompt_tokens: 9, completion_tokens: 3 } })
    const all = await events(await respond({ stream: true }))
    expect(all.map((event) => event.sequence_number)).toEqual(all.map((_, index) => index))
    expect(all.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(texts(all)).toEqual(['Hello ', 'there, ', 'wörld'])
    expect(all[0]!.response).toMatchObject({ object: 'response', status: 'in_progress', model: 'test-model', output: [], usage: null })
    expect(all[9]!.item).toMatchObject({ type: 'message', status: 'completed', content: [{ type: 'output_text', text: 'Hello there, wörld' }] })
    expect(all.at(-1)!.response).toMatchObject({
      id: all[0]!.response!.id,
      status: 'completed',
      output: [all[9]!.item],
      usage: { input_tokens: 9, output_tokens: 3, total_tokens: 12 },
    })
  })

  test('function calls: an item each, call_id and name first, arguments as deltas, then done; usage counts the chunks', async () => {
    const args = { city: 'Zürich', units: 'metric', days: 3 }
    provider.script({ toolCalls: [{ name: 'weather', arguments: args, id: 'call_w' }, { name: 'clock', arguments: '{}' }] })
    const all = await events(await respond({ stream: true }))
    const added = all.filter((event) => event.type === 'response.output_item.added')
    expect(added.map((event) => [event.output_index, event.item])).toEqual([
      [0, { id: expect.any(String), type: 'function_call', status: 'in_progress', call_id: 'call_w', name: 'weather', arguments: '' }],
      [1, { id: expect.any(String), type: 'function_call', status: 'in_progress', call_id: expect.any(String), name: 'clock', arguments: '' }],
    ])
    const pieces = all.filter((event) => event.type === 'response.function_call_arguments.delta' && event.output_index === 0)
    expect(pieces.length).toBe(3)
    expect(pieces.every((event) => event.item_id === added[0]!.item!.id)).toBe(true)
    expect(pieces.map((event) => event.delta).join('')).toBe(JSON.stringify(args))
    const done = all.filter((event) => event.type === 'response.output_item.done').map((event) => event.item)
    expect(done).toMatchObject([
      { call_id: 'call_w', status: 'completed', arguments: JSON.stringify(args) },
      { name: 'clock', status: 'completed', arguments: '{}' },
    ])
    const completed = all.at(-1)!.response!
    expect(completed.output).toEqual(done)
    // Two item heads, the weather pieces and `{}` as two one-character pieces.
    expect(completed.usage!.output_tokens).toBe(2 + pieces.length + 2)
    expect(completed.usage!.input_tokens).toBeGreaterThan(0)
  })

  test('non-streaming: one response object with the output items and usage', async () => {
    provider.script({ text: 'Hi!', toolCalls: [{ name: 'clock', arguments: { zone: 'UTC' } }] })
    expect(await (await respond({})).json()).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'test-model',
      output: [
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hi!' }] },
        { type: 'function_call', call_id: 'call_demo_0', name: 'clock', arguments: '{"zone":"UTC"}' },
      ],
      usage: { input_tokens: expect.any(Number), output_tokens: 1 },
    })
  })
})

describe('POST /v1/responses answers with the same brains as chat completions', () => {
  const instructions = 'You are Ada, the support assistant of ACME Anvils.'
  const tools = [{ type: 'function', name: 'order_status', description: 'The shipping status of one order, by its number.', parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } }]

  test('the same reply to the same conversation on both routes', async () => {
    const chat = await (await postJson(`${provider.url}/chat/completions`, { messages: [{ role: 'system', content: instructions }, { role: 'user', content: 'hi' }] })).json()
    const responses = (await (await respond({ instructions, input: 'hi' })).json()) as { output: { content: { text: string }[] }[] }
    expect(responses.output[0]!.content[0]!.text).toBe((chat as { choices: { message: { content: string } }[] }).choices[0]!.message.content)
  })

  test('a question a tool answers gets a function call; its output gets a summary', async () => {
    const asked = await events(await respond({ stream: true, instructions, tools, input: [{ role: 'user', content: 'Where is my order 1042?' }] }))
    const call = asked.at(-1)!.response!.output[0] as { call_id: string; name: string; arguments: string }
    expect(call).toMatchObject({ type: 'function_call', name: 'order_status', arguments: '{"orderId":"1042"}' })
    const answered = await events(
      await respond({
        stream: true,
        instructions,
        tools,
        input: [
          { role: 'user', content: 'Where is my order 1042?' },
          { type: 'function_call', call_id: call.call_id, name: call.name, arguments: call.arguments },
          { type: 'function_call_output', call_id: call.call_id, output: '{"status":"shipped"}' },
        ],
      }),
    )
    expect(texts(answered).join('')).toContain('shipped')
    expect(provider.requests.at(-1)!.body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool'])
  })
})

describe('POST /v1/responses faults and bookkeeping', () => {
  test('a scripted status answers with an OpenAI-style error body', async () => {
    provider.script({ status: 429, headers: { 'retry-after': '2' } })
    const refused = await respond({ stream: true })
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '2'])
    expect(await refused.json()).toMatchObject({ error: { type: 'rate_limit_exceeded' } })
  })

  test('cutAfterChunks counts text deltas: two arrive, then the socket closes without completed', async () => {
    provider.script({ text: 'a b c d e', cutAfterChunks: 2 })
    const seen: string[] = []
    const reading = (async () => {
      for await (const item of sseEvents<ResponsesEvent>(await respond({ stream: true }))) if (item.kind === 'data') seen.push(item.data.type)
    })()
    await expect(reading).rejects.toThrow()
    expect(seen.filter((type) => type === 'response.output_text.delta')).toHaveLength(2)
    expect(seen).not.toContain('response.completed')
  })

  test('malformed sends one unparsable data line after the first delta', async () => {
    provider.script({ text: 'a b', malformed: true })
    const raw: string[] = []
    for await (const item of sseEvents(await respond({ stream: true }))) if (item.kind === 'data') raw.push(item.raw)
    expect(raw[5]).toBe('{"type": not json')
  })

  test('bad bodies and previous_response_id are refused with 400; the wire body is recorded', async () => {
    const before = provider.requests.length
    expect((await respond({ input: 42 })).status).toBe(400)
    const chained = await respond({ previous_response_id: 'resp_1' })
    expect(chained.status).toBe(400)
    expect(await chained.json()).toMatchObject({ error: { message: expect.stringContaining('previous_response_id') } })
    expect(provider.requests).toHaveLength(before)
    await (await respond({ instructions: 'Be brief.', temperature: 0 })).text()
    expect(provider.requests.at(-1)).toMatchObject({
      api: 'responses',
      wire: { model: 'test-model', instructions: 'Be brief.', input, temperature: 0 },
      body: { model: 'test-model', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello?' }] },
    })
  })
})
