import type { PruneChannelReport, PruneReport } from '@chatbot-kit/plugin-retention'

function retention(channel: PruneChannelReport): string {
  if (channel.retentionDays === null) return 'forever'
  if (channel.retentionDays === 0) return '0 (expired)'
  return channel.retentionDays === 1 ? '1 day' : `${channel.retentionDays} days`
}

/** The summary table printed by `chatbot prune`: one row per channel, then the total. */
export function formatPruneReport(report: PruneReport): string {
  const rows: string[][] = [['Channel', 'Retention', 'Cutoff', 'Conversations', 'Messages']]
  for (const [name, channel] of Object.entries(report.channels)) {
    const kept = channel.cutoff === null
    rows.push([name, retention(channel), channel.cutoff ?? '-', kept ? '-' : String(channel.conversations), kept ? '-' : String(channel.messages)])
  }
  rows.push(['Total', '', '', String(report.total.conversations), String(report.total.messages)])
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n') + '\n'
}
