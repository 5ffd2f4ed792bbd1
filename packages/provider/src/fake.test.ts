import { describe, expect, test } from 'vitest'
import { ProviderError } from './error.js'
import { createFakeProviderClient, type FakeScript } from './fake.js'
import type { ChatRequest } from './types.js'

const never = new AbortController().signal
const ask = (content: string): ChatRequest => ({ model: 'fake', messages: [{ role: 'user', content }] })

async function run(script: FakeScript, request = ask('hi')) {
  const client = createFakeProviderClient(script)
  const deltas: string[] = []
  const result = await client.stream(request, (text) => deltas.push(text), never)
  return { client, deltas, result }
}

describe('createFakeProviderClient', () => {
  test('a string streams word by word, each word with its following space', async () => {
    const { deltas, result } = await run('Echo: hello  big world')
    expect(deltas).toEqual(['Echo: ', 'hello  ', 'big ', 'world'])
    expect(result.finishReason).toBe('stop')
    expect(result.toolCalls).toEqual([])
  })

  test('chunks are delivered as given, empty ones skipped like the real client does', async () => {
    expect((await run({ chunks: ['a', '', 'b c'] })).deltas).toEqual(['a', 'b c'])
  })

  test('a list is consumed in order and its last reply repeats', async () => {
    const client = createFakeProviderClient(['first', 'second'])
    const replies: string[] = []
    for (let turn = 0; turn < 3; turn++) {
      let text = ''
      await client.stream(ask(`turn ${turn}`), (delta) => (text += delta), never)
      replies.push(text)
    }
    expect(replies).toEqual(['first', 'second', 'second'])
  })

  test('a function answers from the request, and every request is recorded', async () => {
    const client = createFakeProviderClient((request) => `Echo: ${request.messages.at(-1)?.content}`)
    let text = ''
    await client.stream(ask('ping'), (delta) => (text += delta), never)
    expect(text).toBe('Echo: ping')
    expect(client.requests).toEqual([ask('ping')])
  })

  test('tool calls get ids and JSON arguments; strings pass as is', async () => {
    const { result } = await run({
      toolCalls: [
        { name: 'clock', arguments: { zone: 'UTC' } },
        { name: 'broken', arguments: '{not json', id: 'call_x' },
      ],
    })
    expect(result.finishReason).toBe('tool_calls')
    expect(result.toolCalls).toEqual([
      { id: expect.stringMatching(/^fake_call_\d+$/), type: 'function', function: { name: 'clock', arguments: '{"zone":"UTC"}' } },
      { id: 'call_x', type: 'function', function: { name: 'broken', arguments: '{not json' } },
    ])
  })

  test('usage and finish reason as scripted, else a rough count', async () => {
    expect((await run({ text: 'x', usage: { inputTokens: 7, outputTokens: 3 }, finishReason: 'length' })).result).toEqual({
      finishReason: 'length',
      toolCalls: [],
      usage: { inputTokens: 7, outputTokens: 3 },
    })
    const { usage } = (await run('a reply of some length', ask('a question of some length'))).result
    expect(usage!.inputTokens).toBeGreaterThan(5)
    expect(usage!.outputTokens).toBe(Math.ceil('a reply of some length'.length / 4))
  })

  test.each([
    ['network', 'network', undefined, true],
    [503, 'status', 503, true],
    [400, 'status', 400, false],
  ] as const)('error %s fails before any text as kind %s', async (error, kind, status, retryable) => {
    const deltas: string[] = []
    const failure = await createFakeProviderClient({ text: 'never sent', error })
      .stream(ask('hi'), (text) => deltas.push(text), never)
      .catch((reason: unknown) => reason)
    expect(failure).toBeInstanceOf(ProviderError)
    expect(failure).toMatchObject({ kind, status, retryable })
    expect(deltas).toEqual([])
  })

  test('error cut fails after the text went out', async () => {
    const deltas: string[] = []
    const failure = createFakeProviderClient({ text: 'half a reply', error: 'cut' }).stream(ask('hi'), (text) => deltas.push(text), never)
    await expect(failure).rejects.toMatchObject({ kind: 'cut' })
    expect(deltas.join('')).toBe('half a reply')
  })

  test('an abort mid-reply stops the deltas and rejects with the reason', async () => {
    const controller = new AbortController()
    const reason = new Error('stop')
    const deltas: string[] = []
    const streaming = createFakeProviderClient('one two three four').stream(
      ask('hi'),
      (text) => {
        deltas.push(text)
        if (deltas.length === 2) controller.abort(reason)
      },
      controller.signal,
    )
    await expect(streaming).rejects.toBe(reason)
    expect(deltas).toEqual(['one ', 'two '])
  })

  test('an already aborted signal rejects at once and records nothing', async () => {
    const client = createFakeProviderClient('hello')
    const reason = new Error('late')
    await expect(client.stream(ask('hi'), () => {}, AbortSignal.abort(reason))).rejects.toBe(reason)
    expect(client.requests).toEqual([])
  })

  test('an empty list is refused', () => {
    expect(() => createFakeProviderClient([])).toThrow(TypeError)
  })
})
