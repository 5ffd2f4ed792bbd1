import { afterEach, describe, expect, it, vi } from 'vitest'
import { announce, CLEAR_AFTER_MS } from '../../src/messages/announce.js'
import { asDom, fakeDocument, outline } from '../helpers/fake-dom.js'

describe('announce', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('announces each reply once, as plain text', () => {
    const region = fakeDocument().createElement('div')
    const action = announce(asDom(region), null)
    expect(region.childNodes).toHaveLength(0)

    action.update({ key: 'm1', text: 'It is **shipped**.' })
    const first = region.childNodes[0]
    expect(region.textContent).toBe('It is shipped.')

    action.update({ key: 'm1', text: 'It is **shipped**.' })
    expect(region.childNodes[0]).toBe(first)

    action.update({ key: 'm2', text: 'It is **shipped**.' })
    expect(region.childNodes[0]).not.toBe(first)
    expect(region.textContent).toBe('It is shipped.')
    action.destroy()
  })

  it('holds nothing that can take focus (a link is its text), one paragraph a line, and empties itself once heard', () => {
    vi.useFakeTimers()
    const region = fakeDocument().createElement('div')
    const action = announce(asDom(region), { key: 'm1', text: 'Track it at [the carrier](https://example.com/track).\n\n- anvil\n- hammer' })
    expect(outline(region)).toBe('<div><p>Track it at the carrier.</p><p>anvil</p><p>hammer</p></div>')

    vi.advanceTimersByTime(CLEAR_AFTER_MS - 1)
    expect(region.childNodes).toHaveLength(3)
    vi.advanceTimersByTime(1)
    expect(region.childNodes).toHaveLength(0)

    // A new announcement starts its own time in full.
    action.update({ key: 'm2', text: 'Next.' })
    vi.advanceTimersByTime(CLEAR_AFTER_MS - 1)
    expect(region.textContent).toBe('Next.')
    action.destroy()
    vi.advanceTimersByTime(1)
    expect(region.textContent).toBe('Next.')
  })
})
