import type { DocumentFailure } from '../sources/source-document.js'

/** One source's sync, as `chatbot knowledge sync` prints it and `--json` gives it. */
export interface SourceSyncReport {
  source: string
  /** `busy`: another sync (here or on another instance) held the source's lease; nothing was done. */
  status: 'synced' | 'busy' | 'failed'
  added: number
  changed: number
  removed: number
  unchanged: number
  /** Chunks written by this sync. */
  chunks: number
  /** `POST /embeddings` requests this sync sent (0 with embeddings off, or nothing changed). */
  embeddingRequests: number
  failures: DocumentFailure[]
  durationMs: number
  /** Set when the source is no longer in `knowledge.sources`: its documents were removed (purge-sources.ts). */
  purged?: true
}

export const emptyReport = (source: string): SourceSyncReport => ({ source, status: 'synced', added: 0, changed: 0, removed: 0, unchanged: 0, chunks: 0, embeddingRequests: 0, failures: [], durationMs: 0 })

/** The line printed per source when stdout is not a terminal. */
export function summaryLine(report: SourceSyncReport): string {
  if (report.status === 'busy') return `${report.source}: skipped, another sync of this source is running`
  if (report.purged && report.status === 'synced') return `${report.source}: no longer in knowledge.sources; ${report.removed} documents removed`
  const counts = `${report.added} added, ${report.changed} changed, ${report.removed} removed, ${report.unchanged} unchanged; ${report.chunks} chunks; ${report.embeddingRequests} embedding requests`
  const failed = report.failures.length ? `; ${report.failures.length} failed` : ''
  return `${report.source}: ${report.status === 'failed' ? 'failed: ' : ''}${counts}${failed}`
}
