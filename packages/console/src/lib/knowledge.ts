import type { SyncReport } from './api.js'

/** One source's sync as a line: what `chatbot knowledge sync` prints, in the console's words. */
export function syncSummary(report: SyncReport): string {
  if (report.status === 'busy') return `${report.source}: skipped, another sync of this source is running.`
  if (report.purged && report.status === 'synced') return `${report.source}: no longer in knowledge.sources; ${report.removed} documents removed.`
  const counts = `${report.added} added, ${report.changed} changed, ${report.removed} removed, ${report.unchanged} unchanged; ${report.chunks} chunks written`
  const failed = report.failures.length ? `; ${report.failures.length} failed` : ''
  return `${report.source}: ${report.status === 'failed' ? 'failed: ' : ''}${counts}${failed} (${(report.durationMs / 1000).toFixed(1)} s).`
}

/** A document's URL when it may be a link: `http:` and `https:` only (a source's URL is the host's content, not ours). */
export function linkable(url: string | null): string | null {
  if (url === null) return null
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null
  } catch {
    return null
  }
}

/** A chunk's text cut to `max` characters at a word, for a result's snippet. */
export function snippetOf(text: string, max = 280): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max)}…`
}
