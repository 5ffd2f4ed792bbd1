import { addDays } from './days.js'

/** The conversation list's filter form, as typed (empty strings are "any"). */
export interface ConversationFilterForm {
  search: string
  channel: string
  userId: string
  guestId: string
  /** First and last UTC day of activity, `YYYY-MM-DD`. */
  from: string
  to: string
  hasDownRating: boolean
}

/** A form's first and last UTC day as list input: `since` the first day's start, `until` the day after the last (the API's `until` is exclusive). */
const dayRangeInput = (form: { from: string; to: string }) => ({ since: form.from.trim() || undefined, until: form.to ? addDays(form.to, 1) : undefined })

export const emptyConversationFilters = (): ConversationFilterForm => ({ search: '', channel: '', userId: '', guestId: '', from: '', to: '', hasDownRating: false })

/** The form as `conversations.list` input, blanks left out. */
export function conversationListInput(form: ConversationFilterForm) {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim())
  return {
    search: text(form.search),
    channel: text(form.channel),
    userId: text(form.userId),
    guestId: text(form.guestId),
    ...dayRangeInput(form),
    hasDownRating: form.hasDownRating ? true : undefined,
  }
}

/** The approvals audit's filter form. */
export interface ApprovalFilterForm {
  tool: string
  decision: '' | 'approve' | 'deny' | 'pending'
  from: string
  to: string
}

export const emptyApprovalFilters = (): ApprovalFilterForm => ({ tool: '', decision: '', from: '', to: '' })

export function approvalListInput(form: ApprovalFilterForm) {
  return {
    tool: form.tool.trim() || undefined,
    decision: form.decision || undefined,
    ...dayRangeInput(form),
  }
}

/** The gaps view's filter form: a range of UTC days and a channel. */
export interface GapFilterForm {
  channel: string
  from: string
  to: string
}

export const emptyGapFilters = (): GapFilterForm => ({ channel: '', from: '', to: '' })

export const gapListInput = (form: GapFilterForm) => ({ channel: form.channel || undefined, ...dayRangeInput(form) })
