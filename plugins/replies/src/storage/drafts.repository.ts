import { sql, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
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

/** Rows per multi-row statement: well under SQLite's and Postgres' bound-parameter limits. */
const WRITE_CHUNK = 200

/** Runs `write` once per chunk of `items`, one statement after the other. */
async function inChunks<T>(items: readonly T[], size: number, write: (chunk: readonly T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await write(items.slice(start, start + size))
}

/**
 * Writes first drafts, one statement per 200. A draft is written only while its conversation
 * exists (a conversation deleted mid-reply must not fail the tick's other writes), and a row
 * already there (an earlier write that committed though it seemed to fail) is overwritten.
 */
export async function insertDrafts(db: ChatbotDb, drafts: readonly NewDraft[]): Promise<void> {
  const tables = withReplyTables(db)
  await inChunks(drafts, WRITE_CHUNK, async (chunk) => {
    const ids = [...new Set(chunk.map((draft) => draft.conversationId))]
    const existing = new Set((await tables.selectFrom('conversations').select('id').where('id', 'in', ids).execute()).map((row) => Number(row.id)))
    const rows = chunk
      .filter((draft) => existing.has(draft.conversationId))
      .map((draft) => ({
        reply_id: draft.replyId,
        instance_id: draft.instanceId,
        conversation_id: draft.conversationId,
        route_name: draft.routeName,
        context_hash: draft.contextHash,
        content: draft.content,
        started_at: toStoredTimestamp(draft.startedAt),
        updated_at: toStoredTimestamp(draft.now),
      }))
    if (rows.length === 0) return
    await tables
      .insertInto('replies_in_progress')
      .values(rows)
      .onConflict((conflict) =>
        conflict.column('reply_id').doUpdateSet((eb) => ({ instance_id: eb.ref('excluded.instance_id'), content: eb.ref('excluded.content'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute()
  })
}

/** A draft's text as of a tick. */
export interface DraftContent {
  replyId: string
  content: string
}

/** Rewrites the text of drafts, one statement per 200 (`case reply_id when … then …`). */
export async function updateDraftContents(db: ChatbotDb, drafts: readonly DraftContent[], now: Date): Promise<void> {
  const tables = withReplyTables(db)
  const updatedAt = toStoredTimestamp(now)
  await inChunks(drafts, WRITE_CHUNK, (chunk) => {
    const content = sql<string>`case ${sql.ref('reply_id')} ${sql.join(chunk.map((draft) => sql`when ${draft.replyId} then ${draft.content}`), sql` `)} end`
    return tables
      .updateTable('replies_in_progress')
      .set({ content, updated_at: updatedAt })
      .where('reply_id', 'in', chunk.map((draft) => draft.replyId))
      .execute()
  })
}

/** A few statements for any number of drafts. */
export async function deleteDrafts(db: ChatbotDb, replyIds: readonly string[]): Promise<void> {
  await inChunks(replyIds, DELETE_CHUNK, (chunk) => withReplyTables(db).deleteFrom('replies_in_progress').where('reply_id', 'in', chunk).execute())
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
