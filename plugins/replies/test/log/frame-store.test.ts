import { describe, expect, it } from 'vitest'
import { FrameStore } from '../../src/log/frame-store.js'

const REPLY = '6f1c2f0e-8a57-4c57-9a51-0c1c3b1a9d10'
const frame = (seq: number, data: unknown) => `id: ${REPLY}:${seq}\ndata: ${JSON.stringify(data)}\n\n`

describe('FrameStore', () => {
  it('gives back every frame byte for byte, across sealed blocks and the open one', () => {
    const store = new FrameStore(REPLY)
    const written = Array.from({ length: 75 }, (_, index) => frame(index + 1, { type: 'token', content: `wörd ${index} 🙂\n` }))
    for (const text of written) store.push(text)
    expect(store.length).toBe(75)
    expect(Array.from({ length: 75 }, (_, index) => store.get(index + 1))).toEqual(written)
  })

  it('rebuilds token frames, other events, and tokens whose text looks like the frame around it', () => {
    const store = new FrameStore(REPLY)
    const written = [
      frame(1, { type: 'context_summary', sections: [], context_hash: 'h', message_id: REPLY }),
      frame(2, { type: 'token', content: '' }),
      frame(3, { type: 'token', content: '}\n\n' }),
      frame(4, { type: 'token', content: 'data: {"type":"token","content":"x"}' }),
      frame(5, { type: 'done', conversation_id: 'c', message_id: REPLY, finish_reason: 'stop', usage: { input_tokens: 1, output_tokens: 2 }, citations: [] }),
    ]
    for (const text of written) store.push(text)
    expect(written.map((_, index) => store.get(index + 1))).toEqual(written)
  })

  it('keeps whole a frame whose id line is not the one expected (another reply, another seq, no id)', () => {
    const store = new FrameStore(REPLY)
    const odd = [frame(1, { type: 'token', content: 'a' }), frame(7, { type: 'token', content: 'b' }), 'data: {"type":"token","content":"c"}\n\n', `id: other:4\ndata: {}\n\n`]
    for (const text of odd) store.push(text)
    expect([1, 2, 3, 4].map((seq) => store.get(seq))).toEqual(odd)
  })

  it('rebuilds the tokens of the reply text from offsets, byte for byte, after the end too (the text source is then let go)', () => {
    let text = ''
    let reads = 0
    const store = new FrameStore(REPLY, () => (reads++, text))
    const written: string[] = []
    const send = (data: { type: string; content?: string }, terminal = false) => {
      if (data.type === 'token' && data.content !== undefined) text += data.content
      written.push(frame(written.length + 1, data))
      store.push(written.at(-1)!, data.type === 'token' ? data.content : undefined, terminal)
    }
    send({ type: 'context_summary' })
    for (const content of ['Hé', '', ' "quoted"\n', '🙂 ok', 'data: {"type":"token","content":"x"}\n\n']) send({ type: 'token', content })
    send({ type: 'tool_started' })
    send({ type: 'token', content: ' after the tool' })
    send({ type: 'done' }, true)
    const readsAtEnd = reads
    text = 'changed after the end'
    expect(written.map((_, index) => store.get(index + 1))).toEqual(written)
    expect(reads).toBe(readsAtEnd)
  })

  it('keeps as a string a token that is not the text it grew by: sent by a plugin, or framed with more fields', () => {
    let text = ''
    const store = new FrameStore(REPLY, () => text)
    text += 'a'
    const kernel = frame(1, { type: 'token', content: 'a' })
    store.push(kernel, 'a')
    const plugin = frame(2, { type: 'token', content: 'b' })
    store.push(plugin, 'b')
    text += 'c'
    const extra = frame(3, { type: 'token', content: 'c', note: 1 })
    store.push(extra, 'c')
    text += 'd'
    const next = frame(4, { type: 'token', content: 'd' })
    store.push(next, 'd')
    // Framed under another seq of as many digits, or with a quote that JSON escapes.
    text += 'e'
    const otherSeq = frame(6, { type: 'token', content: 'e' })
    store.push(otherSeq, 'e')
    text += 'f"'
    const quoted = frame(6, { type: 'token', content: 'f"' })
    store.push(quoted, 'f"')
    // The text is what the rebuilt tokens read: changing it shows which frames were kept as strings.
    text = 'XYZVW"'
    expect([1, 2, 3, 4, 5, 6].map((seq) => store.get(seq))).toEqual([
      frame(1, { type: 'token', content: 'X' }),
      plugin,
      extra,
      frame(4, { type: 'token', content: 'Z' }),
      otherSeq,
      frame(6, { type: 'token', content: 'W"' }),
    ])
  })
})
