import { fromStoredTimestamp, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withKnowledge, type ChatbotDb } from './tables.js'
import { createTextCursor } from './text-cursor.js'

/** Questions asked alike (the same normalized text) that nothing in the knowledge answered. */
export interface GapGroup {
  /** The latest of them, as it was asked. */
  question: string
  count: number
  lastAskedAt: string
  /** The conversations (public ids) that asked it, latest first. */
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
  const questions = await asked()
    .select(['normalized', 'question', 'conversation_id'])
    .where('normalized', 'in', page.map((row) => row.normalized))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const items = page.map((row): GapGroup => {
    const mine = questions.filter((question) => question.normalized === row.normalized)
    const conversationIds = [...new Set(mine.flatMap((question) => (question.conversation_id === null ? [] : [question.conversation_id])))]
    return { question: mine[0]!.question, count: Number(row.count), lastAskedAt: fromStoredTimestamp(row.last_asked), conversationIds }
  })
  const last = page.at(-1)!
  return { items, nextCursor: rows.length > limit ? cursor.encode([last.last_asked, last.normalized]) : null }
}
