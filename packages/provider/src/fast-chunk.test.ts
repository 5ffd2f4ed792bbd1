import { afterEach, describe, expect, test, vi } from 'vitest'
import { createCompletionAccumulator } from './completion-accumulator.js'
import { ChunkShortcut } from './fast-chunk.js'

// The shortcut must read every chunk exactly as `JSON.parse` does, or step aside.
const PREFIX = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1764000000,"model":"demo",'
const plain = (literal: string, prefix = PREFIX) => `${prefix}"choices":[{"index":0,"delta":{"content":${literal}},"finish_reason":null}]}`
const contentOf = (payload: string): unknown => (JSON.parse(payload) as { choices: { delta: { content: unknown } }[] }).choices[0]!.delta.content

function taught(prefix = PREFIX): ChunkShortcut {
  const shortcut = new ChunkShortcut()
  const payload = plain('"Hi"', prefix)
  shortcut.learn(payload, contentOf(payload))
  return shortcut
}

afterEach(() => vi.restoreAllMocks())

describe('ChunkShortcut', () => {
  test('reads nothing before a parsed chunk taught it its prefix', () => {
    expect(new ChunkShortcut().content(plain('"Hi"'))).toBeUndefined()
  })

  test.each([
    ['plain', '"Hello"'],
    ['an escaped quote and backslash', '"say \\"hi\\" \\\\ ok"'],
    ['escapes of every kind', '"\\n\\t\\r\\b\\f\\/\\u00e9\\ud83d\\ude00"'],
    ['non-ASCII as is', '"héllo 😀 世界"'],
    ['an empty string', '""'],
    ['a lone surrogate escape', '"\\ud800"'],
    ['a NUL escape', '"a\\u0000b"'],
  ])('reads %s as JSON.parse does', (_name, literal) => {
    const payload = plain(literal)
    expect(taught().content(payload)).toBe(contentOf(payload))
  })

  test.each([
    ['two strings', '"a", "b"'],
    ['a raw control character', '"tab\there"'],
    ['a number', '42'],
    ['null', 'null'],
    ['an unterminated escape', '"a\\"'],
    ['an object', '{"a":"b"}'],
  ])('steps aside for %s where the content goes', (_name, literal) => {
    expect(taught().content(plain(literal))).toBeUndefined()
  })

  test.each([
    ['another prefix', plain('"x"', '{"id":"chatcmpl-2","object":"chat.completion.chunk","created":1764000000,"model":"demo",')],
    ['a finish reason', `${PREFIX}"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}]}`],
    ['logprobs', `${PREFIX}"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":null}]}`],
    ['a role', `${PREFIX}"choices":[{"index":0,"delta":{"role":"assistant","content":"x"},"finish_reason":null}]}`],
    ['spacing', `${PREFIX} "choices": [{"index":0,"delta":{"content":"x"},"finish_reason":null}]}`],
    ['a second choice', `${PREFIX}"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null},{"index":1,"delta":{"content":"x"},"finish_reason":null}]}`],
    ['usage after the choices', `${PREFIX}"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}],"usage":{"prompt_tokens":1}}`],
  ])('steps aside for a chunk with %s', (_name, payload) => {
    expect(taught().content(payload)).toBeUndefined()
  })

  test.each([
    ['an error', '{"error":"overloaded",'],
    ['usage', '{"usage":{"prompt_tokens":3,"completion_tokens":1},'],
    ['the head inside another member', '{"meta":{'],
  ])('learns no prefix that holds %s', (_name, prefix) => {
    const payload = plain('"Hi"', prefix)
    const shortcut = new ChunkShortcut()
    shortcut.learn(payload, 'Hi')
    expect(shortcut.content(payload)).toBeUndefined()
  })

  test('stops trying after a few chunks whose prefix it could not learn', () => {
    const usage = '{"usage":{"prompt_tokens":3,"completion_tokens":1},'
    const shortcut = new ChunkShortcut()
    for (let i = 0; i < 4; i++) shortcut.learn(plain('"x"', usage), 'x')
    shortcut.learn(plain('"x"'), 'x')
    expect(shortcut.content(plain('"y"'))).toBeUndefined()
  })

  test('learns the shortest prefix, an object with no other member', () => {
    const payload = plain('"x"', '{')
    expect(taught('{').content(payload)).toBe('x')
  })
})

describe('the completion accumulator with the shortcut', () => {
  /** Feeds payloads; returns the text delivered and how the reading ended. */
  function read(payloads: string[]) {
    const deltas: string[] = []
    const accumulator = createCompletionAccumulator((delta) => deltas.push(delta))
    for (const payload of payloads) if (accumulator.data(payload)) break
    return { deltas, accumulator }
  }

  test('parses the first chunk only: the rest of the plain chunks are read without JSON.parse', () => {
    const parse = vi.spyOn(JSON, 'parse')
    const { deltas } = read([plain('"Hel"'), plain('"lo"'), plain('" wor\\"ld\\u0000"')])
    expect(deltas).toEqual(['Hel', 'lo', ' wor"ld'])
    // The first chunk parsed whole, its prefix checked once, the escaped literal decoded alone.
    expect(parse.mock.calls.map(([text]) => text)).toEqual([plain('"Hel"'), `${PREFIX}"choices":null}`, '" wor\\"ld\\u0000"'])
  })

  test('deltas, finish reason, usage and tool calls come out as from whole parses', () => {
    const { deltas, accumulator } = read([
      plain('"A"'),
      `${PREFIX}"choices":[{"index":0,"delta":{"role":"assistant","content":"B"},"finish_reason":null}]}`,
      plain('"C"'),
      `${PREFIX}"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"f","arguments":"{}"}}]},"finish_reason":null}]}`,
      plain('""'),
      `${PREFIX}"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
      `${PREFIX}"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":3}}`,
      '[DONE]',
    ])
    expect(deltas).toEqual(['A', 'B', 'C'])
    expect(accumulator.result()).toEqual({
      finishReason: 'tool_calls',
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      usage: { inputTokens: 7, outputTokens: 3 },
    })
  })

  test('a malformed chunk after the prefix was learned still fails the reply', () => {
    expect(() => read([plain('"A"'), plain('"a", "b"')])).toThrow(expect.objectContaining({ kind: 'malformed' }))
  })
})
