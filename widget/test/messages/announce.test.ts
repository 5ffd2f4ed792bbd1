import { describe, expect, it } from 'vitest'
import { announce } from '../../src/messages/announce.js'
import { asDom, fakeDocument } from '../helpers/fake-dom.js'

describe('announce', () => {
  it('announces each reply once, as plain rendered text', () => {
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
  })
})
