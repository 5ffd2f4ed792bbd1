import { daysBetween } from './days.js'

/**
 * What the overview reads of `stats.overview` (its days may be sparse: missing days count zero).
 * `feedbackUp` and `feedbackDown` are the feedback plugin's, `gaps` the knowledge plugin's: a server without them has none.
 */
export interface OverviewStats {
  from: string
  to: string
  days: { day: string; conversations: number; messages: number; feedbackUp?: number; feedbackDown?: number; gaps?: number }[]
  tokens: { day: string; channel: string; inputTokens: number; outputTokens: number }[]
  refusals: { day: string; code: string; count: number }[]
  ttft: { day: string; p50Ms: number; p95Ms: number }[] | null
}

/** One chart: a value per day per series; `null` where a series has no value (no time to first token that day). */
export interface ChartData {
  id: string
  title: string
  /** What the values count, for the table and the screen-reader summary. */
  unit: string
  days: string[]
  series: { label: string; values: (number | null)[] }[]
}

/** Refusal codes as the overview names them; any other code is shown as it is. */
const REFUSALS: Record<string, string> = {
  throttled: 'Throttled',
  quota_exceeded: 'Quota',
  token_cap_exceeded: 'Token cap',
  invalid_envelope: 'Invalid envelope',
}
export const refusalLabel = (code: string): string => REFUSALS[code] ?? code.replace(/_/g, ' ')

/** The series of `rows` grouped by `key`, summed per day of the range. */
function grouped<T extends { day: string }>(days: string[], rows: T[], key: (row: T) => string, value: (row: T) => number) {
  const index = new Map(days.map((day, i) => [day, i]))
  const groups = new Map<string, number[]>()
  for (const row of rows) {
    const at = index.get(row.day)
    if (at === undefined) continue
    const name = key(row)
    const values = groups.get(name) ?? groups.set(name, days.map(() => 0)).get(name)!
    values[at]! += value(row)
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : 1)).map(([label, values]) => ({ label, values }))
}

/** Whether the server counts feedback, or gaps (the feedback and knowledge plugins add their fields to every day). */
const hasFeedback = (stats: OverviewStats) => stats.days.some((row) => row.feedbackUp !== undefined)
const hasGaps = (stats: OverviewStats) => stats.days.some((row) => row.gaps !== undefined)

/** The overview's charts, every day of the range on the x axis; feedback only where the server counts it. */
export function overviewCharts(stats: OverviewStats): ChartData[] {
  const days = daysBetween(stats.from, stats.to)
  const byDay = new Map(stats.days.map((row) => [row.day, row]))
  const perDay = (field: 'conversations' | 'messages' | 'feedbackUp' | 'feedbackDown' | 'gaps') => days.map((day) => byDay.get(day)?.[field] ?? 0)
  const charts: ChartData[] = [
    { id: 'activity', title: 'Conversations and messages per day', unit: 'count', days, series: [{ label: 'Conversations', values: perDay('conversations') }, { label: 'Messages', values: perDay('messages') }] },
    {
      id: 'tokens',
      title: 'Tokens per day and channel',
      unit: 'tokens',
      days,
      series: [
        ...grouped(days, stats.tokens, (row) => `Input · ${row.channel}`, (row) => row.inputTokens),
        ...grouped(days, stats.tokens, (row) => `Output · ${row.channel}`, (row) => row.outputTokens),
      ],
    },
    { id: 'refusals', title: 'Refusals per day by code', unit: 'refusals', days, series: grouped(days, stats.refusals, (row) => refusalLabel(row.code), (row) => row.count) },
  ]
  if (hasFeedback(stats)) charts.push({ id: 'feedback', title: 'Feedback per day', unit: 'ratings', days, series: [{ label: 'Thumbs up', values: perDay('feedbackUp') }, { label: 'Thumbs down', values: perDay('feedbackDown') }] })
  // Unanswered questions beside the conversations they came from: how much of the traffic the sources miss.
  if (hasGaps(stats)) charts.push({ id: 'gaps', title: 'Gaps and conversations per day', unit: 'count', days, series: [{ label: 'Conversations', values: perDay('conversations') }, { label: 'Gaps', values: perDay('gaps') }] })
  if (stats.ttft && stats.ttft.length > 0) {
    const ttft = new Map(stats.ttft.map((row) => [row.day, row]))
    charts.push({
      id: 'ttft',
      title: 'Time to first token',
      unit: 'ms',
      days,
      series: [
        { label: 'p50', values: days.map((day) => ttft.get(day)?.p50Ms ?? null) },
        { label: 'p95', values: days.map((day) => ttft.get(day)?.p95Ms ?? null) },
      ],
    })
  }
  return charts
}

/** The range's totals, for the figures above the charts; no feedback or gap figures where the server counts none. */
export function overviewTotals(stats: OverviewStats) {
  const sum = <T>(rows: T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0)
  const feedback = hasFeedback(stats)
  return {
    conversations: sum(stats.days, (row) => row.conversations),
    messages: sum(stats.days, (row) => row.messages),
    inputTokens: sum(stats.tokens, (row) => row.inputTokens),
    outputTokens: sum(stats.tokens, (row) => row.outputTokens),
    refusals: sum(stats.refusals, (row) => row.count),
    feedbackUp: feedback ? sum(stats.days, (row) => row.feedbackUp ?? 0) : undefined,
    feedbackDown: feedback ? sum(stats.days, (row) => row.feedbackDown ?? 0) : undefined,
    gaps: hasGaps(stats) ? sum(stats.days, (row) => row.gaps ?? 0) : undefined,
  }
}
