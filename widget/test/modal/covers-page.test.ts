import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { coversPage, PHONE_LAYOUT } from '../../src/modal/covers-page.js'

describe('coversPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('asks the media query under which widget.css lays the panel over the whole screen', () => {
    const styles = readFileSync(new URL('../../src/element/widget.css', import.meta.url), 'utf8')
    expect(styles).toContain(`@media ${PHONE_LAYOUT} {`)
  })

  it('tells whether it matches at once and on each change, until destroyed', () => {
    const query = Object.assign(new EventTarget(), { matches: true })
    const asked: string[] = []
    vi.stubGlobal('matchMedia', (text: string) => (asked.push(text), query))
    const seen: boolean[] = []
    const action = coversPage({} as Element, (covers) => seen.push(covers))
    query.matches = false
    query.dispatchEvent(new Event('change'))
    action.destroy()
    query.dispatchEvent(new Event('change'))
    expect({ asked, seen }).toEqual({ asked: [PHONE_LAYOUT], seen: [true, false] })
  })
})
