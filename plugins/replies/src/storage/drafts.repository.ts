import { toStoredTimestamp } from '@chatbot-kit/kernel'
import type { DraftRow } from './replies-in-progress.table.js'
import { withReplyTables, type ChatbotDb } from './reply-tables.js'

export type { ChatbotDb } from './reply-tables.js'

/** Ids per `in (…)` list: well under SQLite's and Postgres' bound-parameter limits. */
const DELETE_CHUNK = 500

export interface NewDraft {
  replyId: string
  instanceId: string
  conversationId: number
  routeName: string
  contextHash: string | null
  content: string
  startedAt: Date
  now: Date
}

/**
 * Writes a reply's first draft. It is written only while its conversation exists (a conversation
 * deleted mid-reply must not fail the tick's other writes), and a row already there (an earlier
 * write that committed though it seemed to fail) is overwritten.
 */
export async function insertDraft(db: ChatbotDb, draft: NewDraft): Promise<void> {
  const tables = withReplyTables(db)
  const now = toStoredTimestamp(draft.now)
  await tables
    .insertInto('replies_in_progress')
    .columns(['reply_id', 'instance_id', 'conversation_id', 'route_name', 'context_hash', 'content', 'started_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('conversations')
        .select([
          eb.val(draft.replyId).as('reply_id'),
          eb.val(draft.instanceId).as('instance_id'),
          'conversations.id as conversation_id',
          eb.val(draft.routeName).as('route_name'),
          eb.val(draft.contextHash).as('context_hash'),
          eb.val(draft.content).as('content'),
          eb.val(toStoredTimestamp(draft.startedAt)).as('started_at'),
          eb.val(now).as('updated_at'),
        ])
        .where('conversations.id', '=', draft.conversationId),
    )
    .onConflict((conflict) => conflict.column('reply_id').doUpdateSet({ instance_id: draft.instanceId, content: draft.content, updated_at: now }))
    .execute()
}

export async function updateDraftContent(db: ChatbotDb, replyId: string, content: string, now: Date): Promise<void> {
  await withReplyTables(db).updateTable('replies_in_progress').set({ content, updated_at: toStoredTimestamp(now) }).where('reply_id', '=', replyId).execute()
}

/** A few statements for any number of drafts. */
export async function deleteDrafts(db: ChatbotDb, replyIds: readonly string[]): Promise<void> {
  for (let start = 0; start < replyIds.length; start += DELETE_CHUNK) {
    await withReplyTables(db).deleteFrom('replies_in_progress').where('reply_id', 'in', replyIds.slice(start, start + DELETE_CHUNK)).execute()
  }
}

/** Deletes one draft; true only for the caller that deleted it (two instances may repair the same one). */
export async function claimDraft(db: ChatbotDb, replyId: string): Promise<boolean> {
  const result = await withReplyTables(db).deleteFrom('replies_in_progress').where('reply_id', '=', replyId).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** A draft with its instance's heartbeat: null when that instance's row is gone. */
export type DraftWithHeartbeat = DraftRow & { heartbeat_at: string | null }

/** A conversation's drafts, oldest first. */
export function listDrafts(db: ChatbotDb, conversationId: number): Promise<DraftWithHeartbeat[]> {
  return withReplyTables(db)
    .selectFrom('replies_in_progress')
    .leftJoin('replies_instances', 'replies_instances.instance_id', 'replies_in_progress.instance_id')
    .selectAll('replies_in_progress')
    .select('replies_instances.heartbeat_at')
    .where('replies_in_progress.conversation_id', '=', conversationId)
    .orderBy('replies_in_progress.started_at')
    .execute()
}
