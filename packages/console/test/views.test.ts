import { describe, expect, it } from 'vitest'
import { viewAvailable } from '../src/lib/views.js'

describe('which views the console shows', () => {
  it('shows a plugin’s view only when the server has its procedure, the core’s always', () => {
    const all = new Set(['conversations.list', 'feedback.list', 'approvals.list'])
    const bare = new Set(['conversations.list'])
    expect(['overview', 'conversations', 'transcript', 'feedback', 'approvals', 'not-found'].map((view) => viewAvailable(view as never, all))).toEqual([true, true, true, true, true, true])
    expect(['overview', 'conversations', 'transcript', 'feedback', 'approvals', 'not-found'].map((view) => viewAvailable(view as never, bare))).toEqual([true, true, true, false, false, true])
  })
})
