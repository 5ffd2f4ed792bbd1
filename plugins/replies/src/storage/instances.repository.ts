import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { DraftWithHeartbeat } from './drafts.repository.js'
import { withReplyTables, type ChatbotDb } from './reply-tables.js'

/** This instance is alive: one statement whatever the number of its drafts. */
export async function beatInstance(db: ChatbotDb, instanceId: string, now: Date): Promise<void> {
  const heartbeatAt = toStoredTimestamp(now)
  await withReplyTables(db)
    .insertInto('replies_instances')
    .values({ instance_id: instanceId, heartbeat_at: heartbeatAt })
    .onConflict((conflict) => conflict.column('instance_id').doUpdateSet({ heartbeat_at: heartbeatAt }))
    .execute()
}

/** A clean shutdown: drafts still under this id are a dead instance's from now on. */
export async function deleteInstance(db: ChatbotDb, instanceId: string): Promise<void> {
  await withReplyTables(db).deleteFrom('replies_instances').where('instance_id', '=', instanceId).execute()
}

/**
 * The instances that own drafts and are dead: their heartbeat is older than `before`, or their
 * row is gone. Reads the draft table's instance index only, so it stays cheap with many drafts.
 */
export async function listDeadInstances(db: ChatbotDb, before: Date): Promise<string[]> {
  const tables = withReplyTables(db)
  const rows = await tables
    .selectFrom('replies_in_progress')
    .select('instance_id')
    .distinct()
    .where('instance_id', 'not in', tables.selectFrom('replies_instances').select('instance_id').where('heartbeat_at', '>=', toStoredTimestamp(before)))
    .execute()
  return rows.map((row) => row.instance_id)
}

export type StaleDraft = DraftWithHeartbeat & { conversation_public_id: string }

/** Drafts of the given (dead) instances, oldest first, with their conversation's public id. */
export function listDraftsOfInstances(db: ChatbotDb, instanceIds: readonly string[], limit: number): Promise<StaleDraft[]> {
  return withReplyTables(db)
    .selectFrom('replies_in_progress')
    .innerJoin('conversations', 'conversations.id', 'replies_in_progress.conversation_id')
    .leftJoin('replies_instances', 'replies_instances.instance_id', 'replies_in_progress.instance_id')
    .selectAll('replies_in_progress')
    .select(['conversations.public_id as conversation_public_id', 'replies_instances.heartbeat_at'])
    .where('replies_in_progress.instance_id', 'in', instanceIds)
    .orderBy('replies_in_progress.started_at')
    .limit(limit)
    .execute()
}

/** Forgets dead instances whose drafts are all repaired. */
export async function deleteDeadInstances(db: ChatbotDb, before: Date): Promise<void> {
  const tables = withReplyTables(db)
  await tables
    .deleteFrom('replies_instances')
    .where('heartbeat_at', '<', toStoredTimestamp(before))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('replies_in_progress').select('reply_id').whereRef('replies_in_progress.instance_id', '=', 'replies_instances.instance_id'))))
    .execute()
}
