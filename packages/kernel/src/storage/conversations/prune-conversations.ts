import type { Kysely } from 'kysely'
import type { Schema } from '../schema.js'
import { toStoredTimestamp } from '../timestamps.js'

export interface PruneConversationsOptions {
  /** Only this channel's conversations; all channels when absent. */
  channel?: string
  /** Conversations whose last activity is strictly before this instant go. */
  inactiveBefore: Date
  /** Count what would go, delete nothing. */
  dryRun?: boolean
}

/**
 * Deleting in batches keeps each write transaction short: on SQLite one big delete would hold
 * the write lock, and stall every chat turn, for as long as the whole prune takes.
 */
const BATCH_SIZE = 500

/** Retention: hard-deletes inactive conversations (messages and tool invocations cascade). Returns how many. */
export async function pruneConversations(db: Kysely<Schema>, options: PruneConversationsOptions): Promise<number> {
  let inactive = db
    .selectFrom('conversations')
    .where('last_activity_at', '<', toStoredTimestamp(options.inactiveBefore))
  if (options.channel !== undefined) inactive = inactive.where('channel', '=', options.channel)

  if (options.dryRun) {
    const { count } = await inactive.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
    return count
  }

  let deleted = 0
  for (;;) {
    const batch = inactive.select('id').limit(BATCH_SIZE)
    const { numDeletedRows } = await db.deleteFrom('conversations').where('id', 'in', batch).executeTakeFirstOrThrow()
    deleted += Number(numDeletedRows)
    if (numDeletedRows < BigInt(BATCH_SIZE)) return deleted
  }
}
