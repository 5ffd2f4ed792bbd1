import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import { type Schema } from '@chatbot-kit/kernel'
import { createIdCursor, fromStoredTimestamp, sql, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { ConversationCondition } from '../contributions/contribution.js'

/** Filters of `listConversations`; they combine with "and". */
export interface ConversationFilters {
  channel?: string
  userId?: string
  guestId?: string
  /** Conversations with activity at or after this instant (`last_activity_at >= since`). */
  since?: Date
  /** Conversations that started before this instant (`started_at < until`). */
  until?: Date
  /** Text that one of the conversation's messages contains (case-insensitive for ASCII). */
  search?: string
  /** More conditions, all of which must hold: the filters plugins add to `conversations.list`. */
  conditions?: readonly ConversationCondition[]
}

/** One row of the admin list; `id` is the public UUID. */
export interface ConversationSummary {
  id: string
  channel: string
  userId: string | null
  guestId: string | null
  startedAt: string
  lastActivityAt: string
  messageCount: number
}

export interface ConversationListPage {
  items: ConversationSummary[]
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

export interface ListConversationsOptions extends ConversationFilters {
  /** Page size, 1 to 200 (default 50). */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

export const MAX_CONVERSATION_PAGE = 200

/**
 * Newest first, keyset-paginated on the internal id: the cursor is the last id seen, so rows
 * added while a client pages (they get higher ids) never shift a page: no duplicate, no gap.
 */
export async function listConversations(db: Kysely<Schema>, options: ListConversationsOptions = {}): Promise<ConversationListPage> {
  const limit = options.limit ?? 50
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_CONVERSATION_PAGE) throw new RangeError(`limit must be a whole number from 1 to ${MAX_CONVERSATION_PAGE}, got ${limit}`)
  const after = options.cursor == null ? undefined : cursor.decode(options.cursor)
  const rows = await db
    .selectFrom('conversations as c')
    .select(['c.id', 'c.public_id', 'c.channel', 'c.user_id', 'c.guest_id', 'c.started_at', 'c.last_activity_at'])
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .whereRef('m.conversation_id', '=', 'c.id')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .as('message_count'),
    )
    .where((eb) => matches(eb, db, options, after))
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute()
  const { rows: page, nextCursor } = cursor.page(rows, limit)
  return {
    items: page.map((row) => ({
      id: row.public_id,
      channel: row.channel,
      userId: row.user_id,
      guestId: row.guest_id,
      startedAt: fromStoredTimestamp(row.started_at),
      lastActivityAt: fromStoredTimestamp(row.last_activity_at),
      messageCount: Number(row.message_count ?? 0),
    })),
    nextCursor,
  }
}

function matches(eb: ExpressionBuilder<Schema & { c: Schema['conversations'] }, 'c'>, db: Kysely<Schema>, filters: ConversationFilters, after: number | undefined): Expression<SqlBool> {
  const { channel, userId, guestId, since, until, search, conditions = [] } = filters
  return eb.and([
    ...conditions.map((condition) => condition(eb, db)),
    ...(after === undefined ? [] : [eb('c.id', '<', after)]),
    ...(channel === undefined ? [] : [eb('c.channel', '=', channel)]),
    ...(userId === undefined ? [] : [eb('c.user_id', '=', userId)]),
    ...(guestId === undefined ? [] : [eb('c.guest_id', '=', guestId)]),
    ...(since === undefined ? [] : [eb('c.last_activity_at', '>=', toStoredTimestamp(since))]),
    ...(until === undefined ? [] : [eb('c.started_at', '<', toStoredTimestamp(until))]),
    ...(search === undefined || search === ''
      ? []
      : [
          eb.exists(
            eb
              .selectFrom('messages as s')
              .select('s.id')
              .whereRef('s.conversation_id', '=', 'c.id')
              // lower() on both sides: LIKE is case-insensitive on SQLite but not on Postgres.
              .where(sql<SqlBool>`lower(${sql.ref('s.content')}) like ${likePattern(search)} escape '\\'`),
          ),
        ]),
  ])
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

const cursor = createIdCursor('c')
