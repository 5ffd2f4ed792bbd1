import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineWidgetElement, REGISTRY, type WidgetElement } from '../../src/element/widget-element.js'
import { h } from '../helpers/fake-dom.js'

// Stands in for HTMLElement: attributes that call back as the browser does, and a shadow root.
// Mounting the panel needs a real DOM: test/browser covers it.
class FakeHTMLElement {
  readonly attributes = new Map<string, string>()
  shadowRoot: ShadowRootInit | null = null

  attachShadow(init: ShadowRootInit) {
    return (this.shadowRoot = init)
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null
  }
  setAttribute(name: string, value: string) {
    const old = this.getAttribute(name)
    this.attributes.set(name, value)
    this.changed(name, old, value)
  }
  removeAttribute(name: string) {
    const old = this.getAttribute(name)
    if (!this.attributes.delete(name)) return
    this.changed(name, old, null)
  }
  toggleAttribute(name: string, force: boolean) {
    if (force !== this.attributes.has(name)) void (force ? this.setAttribute(name, '') : this.removeAttribute(name))
    return force
  }
  private changed(name: string, old: string | null, value: string | null) {
    const observed = (this.constructor as unknown as { observedAttributes: string[] }).observedAttributes
    if (observed.includes(name)) (this as unknown as WidgetElement & { attributeChangedCallback(...args: unknown[]): void }).attributeChangedCallback(name, old, value)
  }
}

describe('the <chatbot-widget> class', () => {
  beforeEach(() => {
    vi.stubGlobal('document', h('html', {}, h('main', { 'data-chatbot-snapshot': '' }, 'Product page')))
  })
  afterEach(() => vi.unstubAllGlobals())

  const sheet = { cssRules: [] } as unknown as CSSStyleSheet
  const Element = () => defineWidgetElement(() => ({}), [sheet], FakeHTMLElement as unknown as new () => HTMLElement)
  const create = () => new (Element())()

  it('opens a shadow root that adopts the stylesheets (no <style> element, which a strict CSP blocks) and observes one attribute per property', () => {
    expect(create().shadowRoot).toEqual({ mode: 'open', adoptedStyleSheets: [sheet] })
    expect((Element() as unknown as { observedAttributes: string[] }).observedAttributes).toEqual([
      'channel',
      'position',
      'title',
      'signed-context',
      'endpoint',
      'strings',
      'open',
    ])
  })

  it('reads attributes through the properties, and the defaults while unset', () => {
    const element = create()
    expect([element.channel, element.position, element.title, element.signedContext, element.endpoint, element.strings, element.open]).toEqual(['', 'bottom-right', '', '', '', undefined, false])
    element.setAttribute('signed-context', 'token')
    element.setAttribute('position', 'inline')
    element.setAttribute('strings', '{"send":"Senden"}')
    expect([element.signedContext, element.position, element.strings]).toEqual(['token', 'inline', '{"send":"Senden"}'])
    element.removeAttribute('position')
    expect(element.position).toBe('bottom-right')
  })

  it('keeps a property assignment as assigned, without writing the attribute', () => {
    const element = create()
    element.title = 'Support'
    element.strings = { send: 'Senden' }
    expect([element.title, element.strings, element.getAttribute('title')]).toEqual(['Support', { send: 'Senden' }, null])
  })

  it('reflects `open`, which is true while the attribute is present, whatever its value', () => {
    const element = create()
    element.open = true
    expect(element.getAttribute('open')).toBe('')
    element.open = false
    expect(element.getAttribute('open')).toBeNull()
    element.setAttribute('open', 'false')
    expect(element.open).toBe(true)
    element.removeAttribute('open')
    expect(element.open).toBe(false)
    element.open = 'yes' as never
    expect([element.open, element.getAttribute('open')]).toEqual([true, ''])
  })

  it('has the page snapshot built in, under both names', async () => {
    const element = create()
    for (const name of ['page-snapshot', 'blade-snapshot']) {
      expect(await element[REGISTRY].get(name)!.run({ channel: 'support', message: 'hi' })).toBe('Product page')
    }
  })

  it('registers client extractors per element, replacing a built-in on request', () => {
    const [one, two] = [create(), create()]
    const mine = () => 'mine'
    one.registerClientExtractor('page-snapshot', mine, { timeoutMs: 50 })
    expect(one[REGISTRY].get('page-snapshot')).toEqual({ run: mine, options: { timeoutMs: 50 } })
    expect(two[REGISTRY].get('page-snapshot')!.run).not.toBe(mine)
    expect(() => one.registerClientExtractor('x', undefined as never)).toThrow(TypeError)
  })

  it('merges translations into the strings property', () => {
    const element = create()
    element.setStrings({ send: 'Senden' })
    element.setStrings({ stop: 'Stopp' })
    expect(element.strings).toEqual({ send: 'Senden', stop: 'Stopp' })
    element.strings = '{"retry":"Nochmal"}'
    element.setStrings({ send: 'Abschicken' })
    expect(element.strings).toEqual({ retry: 'Nochmal', send: 'Abschicken' })
  })
})
