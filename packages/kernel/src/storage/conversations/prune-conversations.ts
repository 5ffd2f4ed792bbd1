import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { Schema } from '../schema.js'
import { toStoredTimestamp } from '../timestamps.js'

export interface PruneConversationsOptions {
  /** Only this channel's conversations; all channels when absent. */
  channel?: string
  /** Conversations whose last activity is strictly before this instant go. */
  inactiveBefore?: Date
  /** Conversations that started strictly before this instant go (expired by `conversationTtl`). */
  startedBefore?: Date
  /** Count what would go, delete nothing. */
  dryRun?: boolean
  /** After each deleted batch (once for a dry run), with the running totals. */
  onBatch?: (totals: PruneCounts) => void
}

/** What a prune deleted, or would delete; tool invocations go with their conversations too. */
export interface PruneCounts {
  conversations: number
  messages: number
}

/**
 * Deleting in batches keeps each write transaction short: on SQLite one big delete would hold
 * the write lock, and stall every chat turn, for as long as the whole prune takes.
 */
const BATCH_SIZE = 500

/** Retention: hard-deletes old conversations (messages and tool invocations cascade). Conditions combine with "and". */
export async function pruneConversations(db: Kysely<Schema>, options: PruneConversationsOptions): Promise<PruneCounts> {
  const { inactiveBefore, startedBefore, channel } = options
  // Without a bound this would delete everything: refuse rather than guess.
  if (!inactiveBefore && !startedBefore) throw new TypeError('pruneConversations needs inactiveBefore or startedBefore.')
  const isOld = (eb: ExpressionBuilder<Schema, 'conversations'>): Expression<SqlBool> =>
    eb.and([
      ...(inactiveBefore ? [eb('last_activity_at', '<', toStoredTimestamp(inactiveBefore))] : []),
      ...(startedBefore ? [eb('started_at', '<', toStoredTimestamp(startedBefore))] : []),
      ...(channel === undefined ? [] : [eb('channel', '=', channel)]),
    ])
  const old = db.selectFrom('conversations').where(isOld)

  if (options.dryRun) {
    const [{ conversations }, { messages }] = await Promise.all([
      old.select((eb) => eb.fn.countAll<number>().as('conversations')).executeTakeFirstOrThrow(),
      db
        .selectFrom('messages')
        .where('conversation_id', 'in', old.select('id'))
        .select((eb) => eb.fn.countAll<number>().as('messages'))
        .executeTakeFirstOrThrow(),
    ])
    const totals = { conversations: Number(conversations), messages: Number(messages) }
    options.onBatch?.(totals)
    return totals
  }

  const totals: PruneCounts = { conversations: 0, messages: 0 }
  for (;;) {
    // Ids first, so only one batch is ever held in memory and its messages can be counted.
    const ids = (await old.select('id').limit(BATCH_SIZE).execute()).map((row) => row.id)
    if (ids.length === 0) return totals
    const { count } = await db
      .selectFrom('messages')
      .where('conversation_id', 'in', ids)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    // The bounds again: a conversation that came back to life since the select stays.
    const { numDeletedRows } = await db
      .deleteFrom('conversations')
      .where((eb) => eb.and([eb('id', 'in', ids), isOld(eb)]))
      .executeTakeFirstOrThrow()
    totals.conversations += Number(numDeletedRows)
    totals.messages += Number(count)
    options.onBatch?.({ ...totals })
    if (ids.length < BATCH_SIZE) return totals
  }
}
