import { afterEach, describe, expect, it, vi } from 'vitest'
import { visualViewport } from '../../src/viewport/visual-viewport.js'

describe('visualViewport', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('mirrors the visible viewport into custom properties as it changes', () => {
    const handlers: Record<string, () => void> = {}
    const viewport = { width: 390, height: 700, offsetTop: 0, offsetLeft: 0, addEventListener: (type: string, handler: () => void) => (handlers[type] = handler), removeEventListener: vi.fn() }
    vi.stubGlobal('window', { visualViewport: viewport })
    const style = new Map<string, string>()
    const node = { style: { setProperty: (name: string, value: string) => style.set(name, value) } }
    const action = visualViewport(node as unknown as HTMLElement)
    expect(Object.fromEntries(style)).toEqual({ '--_vv-top': '0px', '--_vv-left': '0px', '--_vv-width': '390px', '--_vv-height': '700px' })
    // The on-screen keyboard opens.
    Object.assign(viewport, { height: 380, offsetTop: 40 })
    handlers.resize!()
    expect(Object.fromEntries(style)).toMatchObject({ '--_vv-height': '380px', '--_vv-top': '40px' })
    // The page is scrolled sideways.
    Object.assign(viewport, { offsetLeft: 25 })
    handlers.scroll!()
    expect(style.get('--_vv-left')).toBe('25px')
    action.destroy?.()
    expect(viewport.removeEventListener).toHaveBeenCalledTimes(2)
  })

  it('does nothing where the browser has no visual viewport', () => {
    vi.stubGlobal('window', {})
    expect(visualViewport({} as HTMLElement)).toEqual({})
  })
})
