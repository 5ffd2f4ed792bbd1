import { postJson, readSse, sseEvents } from '@chatbot-kit/test-utils'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createDemoProvider } from './server.js'
import type { DemoProvider } from './types.js'

interface Chunk {
  id: string
  object: string
  created: number
  model: string
  choices: { index: number; delta: Record<string, unknown>; finish_reason: string | null }[]
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number }
}
type ToolFragment = { index: number; id?: string; type?: string; function: { name?: string; arguments: string } }

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

const messages = [{ role: 'user', content: 'Hello?' }]
const complete = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  postJson(`${provider.url}/chat/completions`, { model: 'test-model', messages, ...body }, headers)

describe('streaming wire format', () => {
  test('OpenAI chunks, a finish chunk, a usage chunk, then [DONE]', async () => {
    provider.script({ text: 'Hello there, wörld', usage: { prompt_tokens: 9, completion_tokens: 3 } })
    const response = await complete({ stream: true, stream_options: { include_usage: true } })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const events = await readSse<Chunk | string>(response)
    expect(events.at(-1)).toBe('[DONE]')
    const chunks = events.slice(0, -1) as Chunk[]
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ id: chunks[0]!.id, object: 'chat.completion.chunk', model: 'test-model' })
      expect(chunk.created).toBeTypeOf('number')
    }
    const deltas = chunks.slice(0, -2)
    expect(deltas.map((chunk) => chunk.choices[0]!.delta.content)).toEqual(['Hello ', 'there, ', 'wörld'])
    expect(deltas[0]!.choices[0]).toEqual({ index: 0, delta: { role: 'assistant', content: 'Hello ' }, finish_reason: null })
    expect(chunks.at(-2)!.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }])
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } })
  })

  test('no usage chunk unless include_usage; default usage counts the chunks', async () => {
    provider.script({ chunks: ['a', 'b'] })
    const without = (await readSse<Chunk | string>(await complete({ stream: true }))).slice(0, -1) as Chunk[]
    expect(without.some((chunk) => chunk.usage)).toBe(false)
    provider.script({ chunks: ['a', 'b'] })
    const events = await readSse<Chunk | string>(await complete({ stream: true, stream_options: { include_usage: true } }))
    expect((events.at(-2) as Chunk).usage).toMatchObject({ completion_tokens: 2 })
    expect((events.at(-2) as Chunk).usage!.prompt_tokens).toBeGreaterThan(0)
  })

  test('tool calls stream as fragments: id and name first, arguments in pieces, finish tool_calls', async () => {
    const args = { city: 'Zürich', units: 'metric', days: 3 }
    provider.script({ toolCalls: [{ name: 'weather', arguments: args, id: 'call_w' }, { name: 'clock', arguments: '{}' }] })
    const chunks = (await readSse<Chunk | string>(await complete({ stream: true }))).slice(0, -1) as Chunk[]
    const fragments = chunks.flatMap((chunk) => (chunk.choices[0]?.delta.tool_calls as ToolFragment[] | undefined) ?? [])
    const first = fragments.filter((fragment) => fragment.index === 0)
    expect(first[0]).toEqual({ index: 0, id: 'call_w', type: 'function', function: { name: 'weather', arguments: '' } })
    expect(first.length).toBeGreaterThanOrEqual(3)
    expect(first.slice(1).every((fragment) => fragment.id === undefined && fragment.function.name === undefined)).toBe(true)
    expect(first.map((fragment) => fragment.function.arguments).join('')).toBe(JSON.stringify(args))
    const second = fragments.filter((fragment) => fragment.index === 1)
    expect(second[0]).toMatchObject({ id: expect.any(String), function: { name: 'clock' } })
    expect(second.map((fragment) => fragment.function.arguments).join('')).toBe('{}')
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls')
  })

  test('a large reply arrives whole and in order through backpressure', async () => {
    const big = await createDemoProvider({ tokensPerReply: 20_000 })
    const response = await postJson(`${big.url}/chat/completions`, { messages, stream: true })
    const events = (await readSse<Chunk | string>(response)).slice(0, -2) as Chunk[]
    await big.close()
    expect(events).toHaveLength(20_000)
    expect(events[19_999]!.choices[0]!.delta.content).toBe('tok19999')
    expect(events.every((chunk, index) => (chunk.choices[0]!.delta.content as string).trim() === `tok${index}`)).toBe(true)
  })
})

describe('scripted behaviour', () => {
  test('a status answers with an OpenAI-style error body, or the scripted one', async () => {
    provider.script({ status: 503 }, { status: 400, errorBody: { error: { message: 'bad model' } } })
    const unavailable = await complete({ stream: true })
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toMatchObject({ error: { message: expect.any(String), type: 'server_error' } })
    const bad = await complete({ stream: true })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: { message: 'bad model' } })
  })

  test('replies are consumed in order, then the responder answers again', async () => {
    provider.script({ text: 'one' }, { text: 'two' })
    const texts: string[] = []
    for (let turn = 0; turn < 3; turn++) {
      const body = (await (await complete({})).json()) as { choices: { message: { content: string } }[] }
      texts.push(body.choices[0]!.message.content)
    }
    expect(texts.slice(0, 2)).toEqual(['one', 'two'])
    expect(texts[2]).toContain('offline demo provider')
  })

  test('cutAfterChunks destroys the socket after N chunks, without [DONE]', async () => {
    provider.script({ text: 'a b c d e', cutAfterChunks: 2 })
    const seen: unknown[] = []
    const reading = (async () => {
      for await (const item of sseEvents<Chunk>(await complete({ stream: true }))) if (item.kind === 'data') seen.push(item.data)
    })()
    await expect(reading).rejects.toThrow()
    expect(seen).toHaveLength(2)
  })

  test('hangAfterChunks goes silent with the socket left open', async () => {
    const hanging = await createDemoProvider()
    hanging.script({ text: 'a b c d e', hangAfterChunks: 2 })
    const response = await postJson(`${hanging.url}/chat/completions`, { messages, stream: true })
    const events = sseEvents<Chunk>(response)
    await events.next()
    await events.next()
    const third = events.next()
    // Nothing to await for "nothing arrives": give the rest of the reply a window to show up.
    const outcome = await Promise.race([third.then(() => 'data'), new Promise((resolve) => setTimeout(resolve, 100, 'silent'))])
    expect(outcome).toBe('silent')
    expect(hanging.openConnections()).toBe(1)
    await hanging.close()
    await expect(third).rejects.toThrow()
  })

  test('malformed sends one unparsable data line after the first chunk', async () => {
    provider.script({ text: 'a b', malformed: true })
    const events = await readSse<Chunk | string>(await complete({ stream: true }))
    expect(events[1]).toBe('{"id": not json')
    expect(() => JSON.parse(events[1] as string)).toThrow()
  })

  test('rawLines are written as is after the first chunk', async () => {
    provider.script({ text: 'a b', rawLines: ['data: <html>', ': a comment'] })
    const events = await readSse<Chunk | string>(await complete({ stream: true }))
    expect(events[1]).toBe('<html>')
    expect((events[2] as Chunk).choices[0]!.delta.content).toBe('b')
  })

  test('endlessLineBytes sends that much of one line with no newline, then goes silent', async () => {
    const hanging = await createDemoProvider()
    hanging.script({ text: 'a b', endlessLineBytes: 300_000 })
    const response = await postJson(`${hanging.url}/chat/completions`, { messages, stream: true })
    const reader = response.body!.getReader()
    let text = ''
    while (!text.endsWith('x'.repeat(1000)) || text.length < 300_000) text += new TextDecoder().decode((await reader.read()).value)
    const [first, rest] = text.split('\n\n')
    expect(JSON.parse(first!.slice('data: '.length)).choices[0].delta.content).toBe('a ')
    expect(rest).toMatch(/^data: \{.*"delta":\{"content":"x+$/)
    expect(rest!.length - rest!.indexOf('"content":"') - '"content":"'.length).toBe(300_000)
    await hanging.close()
  })

  test('rawBody answers as is with its status and content type', async () => {
    provider.script({ rawBody: '<html>Bad gateway</html>', contentType: 'text/html' }, { rawBody: 'upstream exploded', status: 500 })
    const html = await complete({ stream: true })
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([200, 'text/html', '<html>Bad gateway</html>'])
    const plain = await complete({ stream: true })
    expect([plain.status, plain.headers.get('content-type'), await plain.text()]).toEqual([500, 'text/plain', 'upstream exploded'])
  })

  test('delays: the first chunk waits firstChunkDelayMs, the next ones tokenDelayMs', async () => {
    provider.script({ chunks: ['a', 'b', 'c'], firstChunkDelayMs: 60, tokenDelayMs: 30 })
    const started = performance.now()
    const times: number[] = []
    for await (const item of sseEvents(await complete({ stream: true }))) if (item.kind === 'data') times.push(performance.now() - started)
    // Timers may fire a millisecond early; the bounds leave that slack.
    expect(times[0]).toBeGreaterThanOrEqual(58)
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(58)
  })
})

describe('other endpoints and bookkeeping', () => {
  test('non-streaming requests get one chat.completion object', async () => {
    provider.script({ text: 'Hi!', toolCalls: [{ name: 'clock', arguments: { zone: 'UTC' } }] })
    expect(await (await complete({})).json()).toMatchObject({
      object: 'chat.completion',
      model: 'test-model',
      choices: [
        {
          message: { role: 'assistant', content: 'Hi!', tool_calls: [{ type: 'function', function: { name: 'clock', arguments: '{"zone":"UTC"}' } }] },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: 1 },
    })
  })

  test('GET /v1/models lists the demo model; unknown routes and bad bodies are refused', async () => {
    expect(await (await fetch(`${provider.url}/models`)).json()).toMatchObject({ object: 'list', data: [{ id: 'demo' }] })
    expect((await fetch(`${provider.url}/nothing`)).status).toBe(404)
    const bad = await fetch(`${provider.url}/chat/completions`, { method: 'POST', body: '{"messages": nope' })
    expect(bad.status).toBe(400)
  })

  test('records the body and headers of each request', async () => {
    const before = provider.requests.length
    await (await complete({ stream: false, temperature: 0 }, { authorization: 'Bearer sk-demo' })).text()
    expect(provider.requests).toHaveLength(before + 1)
    expect(provider.requests.at(-1)).toMatchObject({
      body: { model: 'test-model', messages, stream: false, temperature: 0 },
      headers: { authorization: 'Bearer sk-demo', 'content-type': 'application/json' },
    })
  })

  test('counts open and closed connections; close() ends streams still running', async () => {
    const counted = await createDemoProvider()
    counted.script({ text: 'a b c', hangAfterChunks: 1 })
    const response = await postJson(`${counted.url}/chat/completions`, { messages, stream: true })
    const events = sseEvents(response)
    await events.next()
    expect([counted.openConnections(), counted.closedConnections()]).toEqual([1, 0])
    await counted.close()
    await vi.waitFor(() => expect(counted.closedConnections()).toBe(1))
    expect(counted.openConnections()).toBe(0)
    await expect(events.next()).rejects.toThrow()
  })

  test('counts a closed connection as serving only if it carried a request', async () => {
    const counted = await createDemoProvider()
    const { port } = new URL(counted.url)
    const idle = connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => idle.once('connect', resolve))
    idle.end()
    await vi.waitFor(() => expect(counted.closedConnections()).toBe(1))
    expect(counted.closedServingConnections()).toBe(0)
    await (await postJson(`${counted.url}/chat/completions`, { messages, stream: false }, { connection: 'close' })).text()
    await vi.waitFor(() => expect(counted.closedConnections()).toBe(2))
    expect(counted.closedServingConnections()).toBe(1)
    await counted.close()
  })
})
