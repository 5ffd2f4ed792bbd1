import { describe, expect, it } from 'vitest'
import { parseEvent } from '../../src/stream/events.js'

describe('parseEvent', () => {
  it('passes events with a string type', () => {
    expect(parseEvent('{"type":"token","content":"Hi"}')).toEqual({ type: 'token', content: 'Hi' })
    expect(parseEvent('{"type":"done","conversation_id":"c1"}')).toMatchObject({ type: 'done', conversation_id: 'c1' })
    expect(parseEvent('{"type":"something_new"}')).toEqual({ type: 'something_new' })
  })

  it('skips malformed data and tokens without text', () => {
    for (const data of ['not json', 'null', '"token"', '{"content":"x"}', '{"type":"token"}', '{"type":"token","content":1}']) {
      expect(parseEvent(data)).toBeNull()
    }
  })
})
