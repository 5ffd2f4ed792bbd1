import { describe, expect, it } from 'vitest'
import { overviewCharts, overviewTotals, refusalLabel, type OverviewStats } from '../src/lib/overview.js'

const day = (day: string, counts: Partial<OverviewStats['days'][number]> = {}) => ({ day, conversations: 0, messages: 0, feedbackUp: 0, feedbackDown: 0, ...counts })

const stats: OverviewStats = {
  from: '2026-11-01',
  to: '2026-11-04',
  // Sparse on purpose: a missing day counts zero.
  days: [day('2026-11-01', { conversations: 2, messages: 5, feedbackDown: 1 }), day('2026-11-03', { conversations: 1, messages: 2, feedbackUp: 3 })],
  tokens: [
    { day: '2026-11-01', channel: 'support', inputTokens: 100, outputTokens: 10 },
    { day: '2026-11-01', channel: 'default', inputTokens: 40, outputTokens: 4 },
    { day: '2026-11-04', channel: 'default', inputTokens: 7, outputTokens: 1 },
  ],
  refusals: [
    { day: '2026-11-02', code: 'throttled', count: 4 },
    { day: '2026-11-02', code: 'invalid_envelope', count: 1 },
    { day: '2026-11-04', code: 'throttled', count: 2 },
    // Rows of the same day and series add up (per-channel rows, say).
    { day: '2026-11-04', code: 'throttled', count: 1 },
  ],
  ttft: null,
}

describe('the overview’s charts', () => {
  it('put every day of the range on the x axis, zeros where nothing happened', () => {
    const [activity] = overviewCharts(stats)
    expect(activity!.days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'])
    expect(activity!.series).toEqual([
      { label: 'Conversations', values: [2, 0, 1, 0] },
      { label: 'Messages', values: [5, 0, 2, 0] },
    ])
  })

  it('split tokens into input and output per channel, and refusals per code', () => {
    const charts = Object.fromEntries(overviewCharts(stats).map((chart) => [chart.id, chart]))
    expect(charts.tokens!.series).toEqual([
      { label: 'Input · default', values: [40, 0, 0, 7] },
      { label: 'Input · support', values: [100, 0, 0, 0] },
      { label: 'Output · default', values: [4, 0, 0, 1] },
      { label: 'Output · support', values: [10, 0, 0, 0] },
    ])
    expect(charts.refusals!.series).toEqual([
      { label: 'Invalid envelope', values: [0, 1, 0, 0] },
      { label: 'Throttled', values: [0, 4, 0, 3] },
    ])
    expect(charts.feedback!.series).toEqual([
      { label: 'Thumbs up', values: [0, 0, 3, 0] },
      { label: 'Thumbs down', values: [1, 0, 0, 0] },
    ])
  })

  it('chart time to first token only when the API returns it, gaps left empty', () => {
    expect(overviewCharts(stats).map((chart) => chart.id)).toEqual(['activity', 'tokens', 'refusals', 'feedback'])
    const ttft = overviewCharts({ ...stats, ttft: [{ day: '2026-11-02', p50Ms: 350, p95Ms: 900 }] }).find((chart) => chart.id === 'ttft')
    expect(ttft!.series).toEqual([
      { label: 'p50', values: [null, 350, null, null] },
      { label: 'p95', values: [null, 900, null, null] },
    ])
  })

  it('sum the range for the figures above them', () => {
    expect(overviewTotals(stats)).toEqual({ conversations: 3, messages: 7, inputTokens: 147, outputTokens: 15, refusals: 8, feedbackUp: 3, feedbackDown: 1, gaps: undefined })
  })

  it('chart gaps beside conversations when the server counts them (the knowledge plugin)', () => {
    const withGaps = { ...stats, days: stats.days.map((row, index) => ({ ...row, gaps: index + 1 })) }
    const gaps = overviewCharts(withGaps).find((chart) => chart.id === 'gaps')
    expect(gaps!.series).toEqual([
      { label: 'Conversations', values: [2, 0, 1, 0] },
      { label: 'Gaps', values: [1, 0, 2, 0] },
    ])
    expect(overviewTotals(withGaps).gaps).toBe(3)
  })

  it('name the refusal codes, and show any other as it is', () => {
    expect(['throttled', 'quota_exceeded', 'token_cap_exceeded', 'invalid_envelope', 'csrf_token_mismatch'].map(refusalLabel)).toEqual(['Throttled', 'Quota', 'Token cap', 'Invalid envelope', 'csrf token mismatch'])
  })
})
