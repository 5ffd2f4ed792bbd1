import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { extendElement, REGISTRY } from '../../src/element/extend.js'
import { h } from '../helpers/fake-dom.js'

// Stands in for the class Svelte generates: `strings` is a prop accessor there.
class FakeSvelteElement {
  strings: unknown
}

describe('extendElement', () => {
  beforeEach(() => {
    vi.stubGlobal('document', h('html', {}, h('main', { 'data-chatbot-snapshot': '' }, 'Product page')))
  })
  afterEach(() => vi.unstubAllGlobals())

  const create = () => new (extendElement(FakeSvelteElement as unknown as new () => HTMLElement))()

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
