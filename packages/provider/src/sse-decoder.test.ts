import { describe, expect, test } from 'vitest'
import { ProviderError } from './error.js'
import { createSseDecoder, MAX_LINE_BYTES } from './sse-decoder.js'

const encoder = new TextEncoder()

/** Feeds `bytes` in the given pieces and returns every data payload (and whether it stopped). */
function decode(pieces: Uint8Array[]): { data: string[]; stopped: boolean } {
  const data: string[] = []
  const decoder = createSseDecoder((payload) => {
    data.push(payload)
    return payload === '[DONE]'
  })
  for (const piece of pieces) if (decoder.push(piece)) return { data, stopped: true }
  return { data, stopped: decoder.end() }
}

function splitAt(bytes: Uint8Array, ...cuts: number[]): Uint8Array[] {
  return [0, ...cuts].map((start, index) => bytes.subarray(start, [...cuts, bytes.length][index]))
}

describe('createSseDecoder', () => {
  const payloads = ['{"content":"héllo"}', '{"content":"日本語 😀"}', '{"content":"x"}']
  const body = encoder.encode(`${payloads.map((payload) => `data: ${payload}\n\n`).join('')}data: [DONE]\n\n`)

  test('gives the same payloads wherever the bytes are split, multi-byte characters included', () => {
    for (let first = 1; first < body.length; first++) {
      for (const second of [first + 1, first + 3, first + 17]) {
        if (second >= body.length) continue
        expect(decode(splitAt(body, first, second))).toEqual({ data: [...payloads, '[DONE]'], stopped: true })
      }
    }
  })

  test('one byte at a time', () => {
    const pieces = Array.from(body, (_, index) => body.subarray(index, index + 1))
    expect(decode(pieces).data).toEqual([...payloads, '[DONE]'])
  })

  test('handles CRLF, comments, blank lines, other fields and several events in one chunk', () => {
    const text = ': keep-alive\r\n\r\nevent: message\r\nid: 7\r\ndata: {"a":1}\r\n\r\n\n:comment\ndata:{"b":2}\n\nretry: 10\ndata: {"c":3}\n\n'
    expect(decode([encoder.encode(text)]).data).toEqual(['{"a":1}', '{"b":2}', '{"c":3}'])
  })

  test('a CRLF split between two chunks does not leak a carriage return', () => {
    expect(decode(splitAt(encoder.encode('data: {"a":1}\r\n\r\n'), 14)).data).toEqual(['{"a":1}'])
  })

  test('stops at [DONE] and reads nothing after it', () => {
    expect(decode([encoder.encode('data: [DONE]\n\ndata: {"late":true}\n\n')])).toEqual({ data: ['[DONE]'], stopped: true })
  })

  test('flushes a last line that has no newline', () => {
    expect(decode([encoder.encode('data: {"a":1}\n\ndata: [DONE]')])).toEqual({ data: ['{"a":1}', '[DONE]'], stopped: true })
  })

  test('a body that ends without [DONE] does not report a stop', () => {
    expect(decode([encoder.encode('data: {"a":1}\n\n')])).toEqual({ data: ['{"a":1}'], stopped: false })
  })

  // The bound is 200 times what it takes; copying the pending bytes for each piece took 20 s.
  test('a line just under the cap, in 16-byte pieces, comes out whole (linear, not a copy per piece)', { timeout: 10_000 }, () => {
    const text = 'x'.repeat(MAX_LINE_BYTES - 'data: ""'.length)
    const line = encoder.encode(`data: "${text}"\n`)
    const pieces = Array.from({ length: Math.ceil(line.length / 16) }, (_, index) => line.subarray(index * 16, index * 16 + 16))
    expect(decode(pieces).data).toEqual([`"${text}"`])
  })

  test('a line past the cap throws a malformed provider failure, with or without its newline', () => {
    const piece = encoder.encode('x'.repeat(64 * 1024))
    const decoder = createSseDecoder(() => false)
    const feed = () => {
      for (let sent = 0; sent <= MAX_LINE_BYTES; sent += piece.length) decoder.push(piece)
    }
    expect(feed).toThrow(ProviderError)
    expect(() => createSseDecoder(() => false).push(encoder.encode(`data: ${'x'.repeat(MAX_LINE_BYTES)}\n`))).toThrow(
      expect.objectContaining({ kind: 'malformed' }),
    )
  })
})
