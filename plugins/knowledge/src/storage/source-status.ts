import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { DocumentFailure } from '../sources/source-document.js'
import { withKnowledge, type ChatbotDb } from './tables.js'

/** One source as `chatbot knowledge status` prints it. */
export interface SourceStatus {
  source: string
  documents: number
  chunks: number
  /** ISO 8601 with offset; null before the first sync. */
  lastSyncAt: string | null
  /** What the last sync could not read. */
  failures: DocumentFailure[]
  /** A sync holds the source's lease now. */
  syncing: boolean
}

/** Documents, chunks, last sync and failures of each named source. */
export async function sourceStatuses(db: ChatbotDb, names: string[], now = new Date()): Promise<SourceStatus[]> {
  const knowledge = withKnowledge(db)
  const counts = await knowledge
    .selectFrom('knowledge_documents')
    .select((select) => ['source', select.fn.countAll<number | string>().as('documents'), select.fn.sum<number | string>('chunks').as('chunks')])
    .groupBy('source')
    .execute()
  const states = await knowledge.selectFrom('knowledge_sync_state').selectAll().execute()
  return names.map((source) => {
    const count = counts.find((row) => row.source === source)
    const state = states.find((row) => row.source === source)
    return {
      source,
      documents: Number(count?.documents ?? 0),
      chunks: Number(count?.chunks ?? 0),
      lastSyncAt: state?.last_sync_at ? fromStoredTimestamp(state.last_sync_at) : null,
      failures: state ? (JSON.parse(state.failures) as DocumentFailure[]) : [],
      syncing: Boolean(state?.lease_until && state.lease_until > now.toISOString()),
    }
  })
}
