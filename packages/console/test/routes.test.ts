import { describe, expect, it } from 'vitest'
import { consoleRoot, pathOf, routeOf } from '../src/lib/root.js'

const ID = '2f0c8a4e-7d3b-4c1e-9a55-0b6f3e2d1c00'

describe('the console’s routes', () => {
  it.each([
    ['/chatbot/admin', '/chatbot/admin'],
    ['/chatbot/admin/', '/chatbot/admin'],
    [`/chatbot/admin/conversations/${ID}`, '/chatbot/admin'],
    // A host's base, even one with an `admin` segment of its own.
    ['/admin/chatbot/admin/feedback', '/admin/chatbot/admin'],
    ['/app/bot/admin/approvals', '/app/bot/admin'],
  ])('finds the root of %s: %s', (pathname, root) => {
    expect(consoleRoot(pathname)).toBe(root)
  })

  it.each([
    ['', { view: 'overview' }],
    ['/', { view: 'overview' }],
    ['/conversations', { view: 'conversations' }],
    ['/conversations/', { view: 'conversations' }],
    [`/conversations/${ID.toUpperCase()}`, { view: 'transcript', id: ID }],
    ['/conversations/not-a-uuid', { view: 'not-found' }],
    ['/feedback', { view: 'feedback' }],
    ['/approvals', { view: 'approvals' }],
    ['/knowledge', { view: 'knowledge' }],
    ['/gaps', { view: 'gaps' }],
    ['/inbox', { view: 'inbox' }],
    ['/gaps/more', { view: 'not-found' }],
    ['/settings', { view: 'not-found' }],
  ])('reads %s as %o', (path, route) => {
    expect(routeOf(path)).toEqual(route)
  })

  it('writes the path each view reads back', () => {
    for (const route of [{ view: 'overview' }, { view: 'conversations' }, { view: 'transcript', id: ID }, { view: 'feedback' }, { view: 'approvals' }, { view: 'knowledge' }, { view: 'gaps' }, { view: 'inbox' }] as const) {
      expect(routeOf(pathOf(route))).toEqual(route)
    }
  })
})
