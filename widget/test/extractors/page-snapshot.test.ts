import { describe, expect, it } from 'vitest'
import { createPageSnapshot } from '../../src/extractors/page-snapshot.js'
import { h } from '../helpers/fake-dom.js'

const snapshotOf = (root: ReturnType<typeof h>, channel = 'support') =>
  createPageSnapshot(root as unknown as ParentNode)({ channel, message: 'hi' })

describe('page snapshot', () => {
  it('reads the marked elements for this channel, or for any channel', () => {
    const page = h(
      'body',
      {},
      h('p', {}, 'Not marked'),
      h('section', { 'data-chatbot-snapshot': '' }, 'Order #42'),
      h('section', { 'data-chatbot-snapshot': 'support' }, 'Status: shipped'),
      h('section', { 'data-chatbot-snapshot': 'sales' }, 'Other channel'),
    )
    expect(snapshotOf(page)).toBe('Order #42\n\nStatus: shipped')
  })

  it('puts blocks on their own lines, cells apart, and skips scripts and styles', () => {
    const page = h(
      'body',
      {},
      h(
        'div',
        { 'data-chatbot-snapshot': '' },
        h('h2', {}, 'Cart'),
        h('ul', {}, h('li', {}, 'Tea ', h('b', {}, 'x2')), h('li', {}, 'Cake')),
        h('table', {}, h('tr', {}, h('td', {}, 'Total'), h('td', {}, '€9'))),
        h('script', {}, 'var secret = 1'),
        h('style', {}, '.a{}'),
        '  spaced   out  ',
      ),
    )
    expect(snapshotOf(page)).toBe('Cart\nTea x2\nCake\nTotal €9\nspaced out')
  })

  it('gives nothing when the page marks nothing', () => {
    expect(snapshotOf(h('body', {}, h('p', {}, 'text')))).toBeNull()
    expect(snapshotOf(h('body', {}, h('div', { 'data-chatbot-snapshot': '' }, '   ')))).toBeNull()
  })
})
