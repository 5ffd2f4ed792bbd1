import type { Retrieval, SourceStatus, SyncProgress } from '@chatbot-kit/plugin-knowledge'

const BAR_WIDTH = 24

/** One frame of the sync's progress bar (a terminal only): `help [#####-----] 12/40 guide/setup.md`. */
export function progressFrame({ source, done, total, document }: SyncProgress, columns: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH)
  const line = `${source} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${document}`
  return line.length > columns - 1 ? `${line.slice(0, columns - 2)}…` : line
}

/** `chatbot knowledge status`: one block per source. */
export function formatStatus(statuses: SourceStatus[]): string {
  if (statuses.length === 0) return 'No knowledge sources: knowledge.sources is empty.\n'
  return statuses
    .map((status) => {
      const last = status.lastSyncAt ?? 'never'
      const head = `${status.source}: ${status.documents} document(s), ${status.chunks} chunk(s), last sync ${last}${status.syncing ? ' (syncing now)' : ''}, ${status.failures.length} failure(s)`
      return [head, ...status.failures.map((failure) => `  ${failure.document}: ${failure.reason}`)].join('\n')
    })
    .join('\n')
    .concat('\n')
}

/** `chatbot knowledge search`: the ranked chunks with their scores, then whether the turn would record a gap. */
export function formatSearch({ gap, minScore, results, vectorFailure }: Retrieval): string {
  const lines = results.flatMap((result, index) => {
    const heading = result.heading && result.heading !== result.title ? ` — ${result.heading}` : ''
    const text = result.text.replace(/\s+/g, ' ')
    return [`${index + 1}. [${result.score.toFixed(3)}] ${result.title}${heading} (${result.source}: ${result.document})`, ...(result.url ? [`   ${result.url}`] : []), `   ${text.length > 160 ? `${text.slice(0, 159)}…` : text}`]
  })
  const verdict = gap ? `Nothing scores ${minScore} or more: a turn would record this question as a gap.` : results.length === 0 ? 'No source is searched on this channel.' : ''
  const fallback = vectorFailure ? `The question could not be embedded, so these are full-text results alone (as a turn's would be): ${vectorFailure}` : ''
  return [fallback, ...lines, verdict].filter(Boolean).join('\n').concat('\n')
}
