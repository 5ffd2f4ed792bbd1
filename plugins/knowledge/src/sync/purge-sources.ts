import { randomUUID } from 'node:crypto'
import { reasonOf } from '../sources/source-document.js'
import { deleteDocuments } from '../storage/documents.js'
import { acquireLease, finishSync } from '../storage/sync-state.js'
import { withKnowledge, type ChatbotDb } from '../storage/tables.js'
import { emptyReport, type SourceSyncReport } from './sync-report.js'
import { LEASE_SECONDS } from './sync-source.js'

/** Documents removed per transaction: a large source never becomes one huge `in (…)` list. */
const BATCH = 500

/**
 * Removes the documents (with their chunks) of every indexed source that `configured` no longer
 * names, each under that source's lease, as its sync would remove documents gone from its
 * listing. A source another instance is still syncing (an older config) is reported `busy`.
 * Finishing the sync moves the source's last sync time, so the turns' statistics are counted anew.
 */
export async function purgeRemovedSources(db: ChatbotDb, configured: string[]): Promise<SourceSyncReport[]> {
  const indexed = await withKnowledge(db).selectFrom('knowledge_documents').select('source').distinct().execute()
  const reports: SourceSyncReport[] = []
  for (const { source } of indexed.filter((row) => !configured.includes(row.source))) {
    const started = performance.now()
    const report: SourceSyncReport = { ...emptyReport(source), purged: true }
    const owner = randomUUID()
    if (!(await acquireLease(db, source, owner, LEASE_SECONDS))) {
      reports.push({ ...report, status: 'busy' })
      continue
    }
    try {
      for (;;) {
        const batch = await withKnowledge(db).selectFrom('knowledge_documents').select('id').where('source', '=', source).limit(BATCH).execute()
        if (batch.length === 0) break
        await deleteDocuments(db, batch.map((row) => Number(row.id)))
        report.removed += batch.length
      }
    } catch (error) {
      report.status = 'failed'
      report.failures.push({ document: source, reason: reasonOf(error) })
    } finally {
      await finishSync(db, source, owner, report.failures)
    }
    reports.push({ ...report, durationMs: Math.round(performance.now() - started) })
  }
  return reports
}
