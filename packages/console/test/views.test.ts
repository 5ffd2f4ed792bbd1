import { describe, expect, it } from 'vitest'
import { viewAvailable } from '../src/lib/views.js'

describe('which views the console shows', () => {
  it('shows a plugin’s view only when the server has its procedure, the core’s always', () => {
    const all = new Set(['conversations.list', 'feedback.list', 'approvals.list', 'knowledge.sources', 'knowledge.gaps', 'handoff.list'])
    const bare = new Set(['conversations.list'])
    const views = ['overview', 'conversations', 'transcript', 'feedback', 'approvals', 'knowledge', 'gaps', 'inbox', 'not-found']
    expect(views.map((view) => viewAvailable(view as never, all))).toEqual([true, true, true, true, true, true, true, true, true])
    expect(views.map((view) => viewAvailable(view as never, bare))).toEqual([true, true, true, false, false, false, false, false, true])
  })
})
