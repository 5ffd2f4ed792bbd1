import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { DocumentFailure } from '../sources/source-document.js'
import { withKnowledge, type ChatbotDb } from './tables.js'

/**
 * Takes the source's lease for `seconds` when nobody holds a live one: one conditional update,
 * so of two instances asking at once exactly one gets it. False when another sync holds it.
 */
export async function acquireLease(db: ChatbotDb, source: string, owner: string, seconds: number, now = new Date()): Promise<boolean> {
  const knowledge = withKnowledge(db)
  await knowledge.insertInto('knowledge_sync_state').values({ source, lease_owner: null, lease_until: null, last_sync_at: null, failures: '[]' }).onConflict((conflict) => conflict.column('source').doNothing()).execute()
  const stamp = toStoredTimestamp(now)
  const result = await knowledge
    .updateTable('knowledge_sync_state')
    .set({ lease_owner: owner, lease_until: toStoredTimestamp(new Date(now.getTime() + seconds * 1000)) })
    .where('source', '=', source)
    .where((where) => where.or([where('lease_until', 'is', null), where('lease_until', '<', stamp), where('lease_owner', '=', owner)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Extends a held lease; false when it was lost (expired and taken by another sync). */
export async function renewLease(db: ChatbotDb, source: string, owner: string, seconds: number, now = new Date()): Promise<boolean> {
  const result = await withKnowledge(db)
    .updateTable('knowledge_sync_state')
    .set({ lease_until: toStoredTimestamp(new Date(now.getTime() + seconds * 1000)) })
    .where('source', '=', source)
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends the sync: records its outcome and frees the lease. */
export async function finishSync(db: ChatbotDb, source: string, owner: string, failures: DocumentFailure[], now = new Date()): Promise<void> {
  await withKnowledge(db)
    .updateTable('knowledge_sync_state')
    .set({ lease_owner: null, lease_until: null, last_sync_at: toStoredTimestamp(now), failures: JSON.stringify(failures) })
    .where('source', '=', source)
    .where('lease_owner', '=', owner)
    .execute()
}

