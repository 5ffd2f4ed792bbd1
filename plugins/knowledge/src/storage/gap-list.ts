import { fromStoredTimestamp, sql, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withKnowledge, type ChatbotDb } from './tables.js'
import { createTextCursor } from './text-cursor.js'

/** Questions asked alike (the same normalized text) that nothing in the knowledge answered. */
export interface GapGroup {
  /** The latest of them, as it was asked. */
  question: string
  count: number
  lastAskedAt: string
  /** The conversations (public ids) that asked it, latest first: at most MAX_GAP_CONVERSATIONS. */
  conversationIds: string[]
}

export interface GapListOptions {
  channel?: string | undefined
  /** Questions asked at or after it. */
  since?: Date | undefined
  /** Questions asked before it. */
  until?: Date | undefined
  limit?: number | undefined
  cursor?: string | undefined
}

export interface GapListPage {
  items: GapGroup[]
  nextCursor: string | null
}

export const MAX_GAP_PAGE = 200
/** A group lists at most this many conversations (its `count` counts every asking). */
export const MAX_GAP_CONVERSATIONS = 20

const cursor = createTextCursor<[string, string]>('knowledge-gaps', 2)

/**
 * Gaps grouped by normalized question, the latest asked first (ties by text), keyset-paginated
 * on that order. Filters apply to each question before grouping. A `RangeError` for a foreign cursor.
 */
export async function listGaps(db: ChatbotDb, { channel, since, until, limit = 50, cursor: after }: GapListOptions = {}): Promise<GapListPage> {
  const knowledge = withKnowledge(db)
  const asked = () => {
    let query = knowledge.selectFrom('knowledge_gaps')
    if (channel !== undefined) query = query.where('channel', '=', channel)
    if (since) query = query.where('created_at', '>=', toStoredTimestamp(since))
    if (until) query = query.where('created_at', '<', toStoredTimestamp(until))
    return query
  }
  let groups = asked()
    .select((eb) => ['normalized', eb.fn.max('created_at').as('last_asked'), eb.fn.countAll<number | string>().as('count')])
    .groupBy('normalized')
  if (after !== undefined) {
    const [last, normalized] = cursor.decode(after)
    groups = groups.having((eb) => eb.or([eb(eb.fn.max('created_at'), '<', last), eb.and([eb(eb.fn.max('created_at'), '=', last), eb('normalized', '>', normalized)])]))
  }
  const rows = await groups.orderBy('last_asked', 'desc').orderBy('normalized').limit(limit + 1).execute()
  const page = rows.slice(0, limit)
  if (page.length === 0) return { items: [], nextCursor: null }
  // Each group's latest wording and latest conversations, ranked in SQL: a question asked ten
  // thousand times reads one row for its wording and MAX_GAP_CONVERSATIONS for its conversations.
  const names = page.map((row) => row.normalized)
  const latestFirst = sql<number>`row_number() over (partition by ${sql.ref('normalized')} order by ${sql.ref('created_at')} desc, ${sql.ref('id')} desc)`
  const wordings = await knowledge
    .selectFrom(asked().select(['normalized', 'question', latestFirst.as('rank')]).where('normalized', 'in', names).as('asked'))
    .select(['normalized', 'question'])
    .where('rank', '=', 1)
    .execute()
  const byConversation = sql<number>`row_number() over (partition by ${sql.ref('normalized')} order by max(${sql.ref('created_at')}) desc, ${sql.ref('conversation_id')})`
  const conversations = await knowledge
    .selectFrom(
      asked()
        .select(['normalized', 'conversation_id', byConversation.as('rank')])
        .where('normalized', 'in', names)
        .where('conversation_id', 'is not', null)
        .groupBy(['normalized', 'conversation_id'])
        .as('asked'),
    )
    .select(['normalized', 'conversation_id'])
    .where('rank', '<=', MAX_GAP_CONVERSATIONS)
    .orderBy('rank')
    .execute()
  const items = page.map((row): GapGroup => ({
    question: wordings.find((wording) => wording.normalized === row.normalized)!.question,
    count: Number(row.count),
    lastAskedAt: fromStoredTimestamp(row.last_asked),
    conversationIds: conversations.flatMap((asked) => (asked.normalized === row.normalized && asked.conversation_id !== null ? [asked.conversation_id] : [])),
  }))
  const last = page.at(-1)!
  return { items, nextCursor: rows.length > limit ? cursor.encode([last.last_asked, last.normalized]) : null }
}
