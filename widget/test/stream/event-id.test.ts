import { describe, expect, it } from 'vitest'
import { placeOf } from '../../src/stream/event-id.js'

describe('placeOf', () => {
  it('skips an event at or before the last one applied of the same reply', () => {
    expect(placeOf('m-1:3', 'm-1:3')).toBe('seen')
    expect(placeOf('m-1:2', 'm-1:3')).toBe('seen')
    expect(placeOf('m-1:4', 'm-1:3')).toBe('next')
    // Numbers, not strings: 10 comes after 9.
    expect(placeOf('m-1:10', 'm-1:9')).toBe('next')
  })

  it('takes the last colon as the separator, so a message id may contain colons', () => {
    expect(placeOf('a:b:2', 'a:b:1')).toBe('next')
    expect(placeOf('a:b:1', 'a:b:2')).toBe('seen')
  })

  it('calls an event of another reply, or the first one of all, other', () => {
    expect(placeOf('m-2:1', 'm-1:7')).toBe('other')
    expect(placeOf('m-1:1', '')).toBe('other')
  })

  it('applies events without a usable id as they come', () => {
    expect(placeOf('', 'm-1:3')).toBe('next')
    expect(placeOf('7', 'm-1:3')).toBe('next')
    expect(placeOf('m-1:x', 'm-1:3')).toBe('next')
  })
})
