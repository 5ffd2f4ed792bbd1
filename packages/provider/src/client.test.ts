import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import { createProviderClient } from './client.js'
import type { ChatRequest, ChatToolDefinition, ProviderApi } from './types.js'

const request: ChatRequest = { model: 'demo-model', messages: [{ role: 'user', content: 'Hi there' }] }
const never = new AbortController().signal

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

/** A loopback server that sends `pieces` as separate writes, a few milliseconds apart. */
async function servePieces(pieces: (string | Uint8Array)[]) {
  const encoder = new TextEncoder()
  return listen(() => {
    let index = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, 3))
        const piece = pieces[index++]
        if (piece === undefined) return controller.close()
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece)
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  })
}

/** What each API puts on the wire for `request` with a tool and a temperature. */
const SENT: Record<ProviderApi, (tools: ChatToolDefinition[]) => Record<string, unknown>> = {
  chat: (tools) => ({ ...request, tools, temperature: 0.2, stream: true, stream_options: { include_usage: true } }),
  responses: () => ({
    model: 'demo-model',
    input: [{ type: 'message', role: 'user', content: 'Hi there' }],
    tools: [{ type: 'function', name: 'clock', parameters: { type: 'object' }, strict: false }],
    temperature: 0.2,
    stream: true,
    store: false,
  }),
}

describe.each(PROVIDER_CASES)('createProviderClient against the demo provider (%s)', (_name, transport, wire) => {
  test('streams text deltas to onText in order and resolves with finish reason and usage', async () => {
    provider.script({ chunks: ['Hel', 'lo, ', 'wörld ', '😀'], usage: { prompt_tokens: 12, completion_tokens: 4 } })
    const deltas: string[] = []
    const result = await createProviderClient({ ...transport, baseUrl: provider.url }).stream(request, (text) => deltas.push(text), never)
    expect(deltas).toEqual(['Hel', 'lo, ', 'wörld ', '😀'])
    expect(result).toEqual({ finishReason: 'stop', toolCalls: [], usage: { inputTokens: 12, outputTokens: 4 } })
  })

  test("posts the request in the API's shape, with the key and the extra headers", async () => {
    const tools = [{ type: 'function' as const, function: { name: 'clock', parameters: { type: 'object' } } }]
    const client = createProviderClient({ ...transport, baseUrl: `${provider.url}/`, apiKey: 'sk-secret', headers: { 'x-org': 'acme' } })
    await client.stream({ ...request, tools, temperature: 0.2 }, () => {}, never)
    const seen = provider.requests.at(-1)!
    expect(seen.wire).toEqual(SENT[transport.api!](tools))
    expect(seen.headers).toMatchObject({
      authorization: 'Bearer sk-secret',
      accept: 'text/event-stream',
      'content-type': 'application/json',
      'x-org': 'acme',
    })
  })

  test('sends no Authorization header without a key', async () => {
    await createProviderClient({ ...transport, baseUrl: provider.url }).stream(request, () => {}, never)
    expect(provider.requests.at(-1)!.headers.authorization).toBeUndefined()
  })

  test('sends through the fetch it is given', async () => {
    const urls: string[] = []
    const instrumented: typeof fetch = (input, init) => {
      urls.push(String(input))
      return fetch(input, init)
    }
    const deltas: string[] = []
    provider.script({ text: 'one two' })
    await createProviderClient({ ...transport, baseUrl: provider.url, fetch: instrumented }).stream(request, (text) => deltas.push(text), never)
    expect(urls).toEqual([`${provider.url}${wire.path}`])
    expect(deltas).toEqual(['one ', 'two'])
  })

  test('assembles several tool calls from their fragments, in index order', async () => {
    provider.script({
      text: 'Let me check. ',
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Zürich', days: [1, 2, 3] }, id: 'call_a' },
        { name: 'get_time', arguments: '{"zone":"Europe/Zürich"}', id: 'call_b' },
      ],
    })
    const deltas: string[] = []
    const result = await createProviderClient({ ...transport, baseUrl: provider.url }).stream(request, (text) => deltas.push(text), never)
    expect(deltas.join('')).toBe('Let me check. ')
    expect(result.finishReason).toBe('tool_calls')
    expect(result.toolCalls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Zürich","days":[1,2,3]}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"zone":"Europe/Zürich"}' } },
    ])
  })

  test('reports the usage the provider counted', async () => {
    const result = await createProviderClient({ ...transport, baseUrl: provider.url }).stream(request, () => {}, never)
    expect(result.usage?.inputTokens).toBeGreaterThan(0)
    expect(result.usage?.outputTokens).toBeGreaterThan(0)
  })
})

describe.each(PROVIDER_CASES)('createProviderClient on hand-made streams (%s)', (_name, transport, wire) => {
  test('reassembles events whose bytes arrive split mid-character and mid-line, with CRLF', async () => {
    const bytes = new TextEncoder().encode(`: hello\n\n${wire.text('日本')}${wire.whole('😀 ok')}`.replaceAll('\n', '\r\n'))
    // Cut inside every multi-byte character (before each continuation byte) and between every CR and its LF.
    const cuts = [3]
    for (let index = 4; index < bytes.length; index++) {
      if ((bytes[index]! & 0xc0) === 0x80 || (bytes[index] === 10 && bytes[index - 1] === 13)) cuts.push(index)
    }
    cuts.push(bytes.length)
    const server = await servePieces(cuts.map((end, index) => bytes.subarray(cuts[index - 1] ?? 0, end)))
    const deltas: string[] = []
    const result = await createProviderClient({ ...transport, baseUrl: server.url }).stream(request, (text) => deltas.push(text), never)
    await server.close()
    expect(deltas).toEqual(['日本', '😀 ok'])
    expect(result).toEqual({ finishReason: 'stop', toolCalls: [] })
  })

  test('an end that names no finish reason resolves as tool_calls after calls; calls without ids get one', async () => {
    const server = await servePieces([wire.toolCallWithoutId('clock', ['{', '}']), wire.bareEnd()])
    const result = await createProviderClient({ ...transport, baseUrl: server.url }).stream(request, () => {}, never)
    await server.close()
    expect(result).toEqual({
      finishReason: 'tool_calls',
      toolCalls: [{ id: 'call_0', type: 'function', function: { name: 'clock', arguments: '{}' } }],
    })
  })
})
