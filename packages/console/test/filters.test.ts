import { describe, expect, it } from 'vitest'
import { approvalListInput, conversationListInput, emptyApprovalFilters, emptyConversationFilters, emptyGapFilters, gapListInput } from '../src/lib/filters.js'

describe('the filter forms as API input', () => {
  it('leave blanks out, trim text, and make the last day inclusive', () => {
    expect(conversationListInput(emptyConversationFilters())).toEqual({})
    const input = conversationListInput({ search: ' refund ', channel: 'support', userId: '', guestId: 'g-1', from: '2026-11-01', to: '2026-11-30', hasDownRating: true })
    expect(JSON.parse(JSON.stringify(input))).toEqual({ search: 'refund', channel: 'support', guestId: 'g-1', since: '2026-11-01', until: '2026-12-01', hasDownRating: true })
    expect(JSON.parse(JSON.stringify(approvalListInput({ ...emptyApprovalFilters(), decision: 'deny', to: '2026-02-28' })))).toEqual({ decision: 'deny', until: '2026-03-01' })
    expect(JSON.parse(JSON.stringify(gapListInput(emptyGapFilters())))).toEqual({})
    expect(gapListInput({ channel: 'support', from: '2026-11-01', to: '2026-11-30' })).toEqual({ channel: 'support', since: '2026-11-01', until: '2026-12-01' })
  })
})
