import { Buffer } from 'node:buffer'
import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withHandoff, type ChatbotDb } from './db.js'
import type { HandoffState } from './handoff.tables.js'

export const MAX_HANDOFF_PAGE = 100
const DEFAULT_PAGE = 50

/** One conversation in the inbox. */
export interface HandoffListItem {
  /** The conversation's public id. */
  conversationId: string
  channel: string
  state: Exclude<HandoffState, 'bot'>
  /** ISO 8601: when the person was asked for. */
  requestedAt: string
  /** Who holds it (`human`), else null. */
  agent: string | null
  /** ISO 8601: the webhook receiver last failed every retry for it; null when it answers. */
  webhookFailedAt: string | null
}

export interface HandoffListPage {
  items: HandoffListItem[]
  nextCursor: string | null
}

export interface ListHandoffsOptions {
  state?: Exclude<HandoffState, 'bot'>
  cursor?: string
  limit?: number
}

const TAG = 'handoff'
const encode = (requestedAt: string, conversationId: number) => Buffer.from(`${TAG}:${requestedAt}|${conversationId}`).toString('base64url')
function decode(cursor: string): { requestedAt: string; conversationId: number } {
  const match = /^handoff:([^|]{1,40})\|(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) throw new RangeError('cursor is not one this API returned')
  return { requestedAt: match[1]!, conversationId: Number(match[2]) }
}

/** Waiting and claimed conversations (or one state), newest request first; a bad cursor is a `RangeError`. */
export async function listHandoffs(db: ChatbotDb, options: ListHandoffsOptions = {}): Promise<HandoffListPage> {
  const limit = options.limit ?? DEFAULT_PAGE
  const after = options.cursor === undefined ? undefined : decode(options.cursor)
  const rows = await withHandoff(db)
    .selectFrom('handoffs as h')
    .innerJoin('conversations as c', 'c.id', 'h.conversation_id')
    .select(['h.conversation_id', 'c.public_id', 'h.channel', 'h.state', 'h.requested_at', 'h.agent', 'h.webhook_failed_at'])
    .where('h.state', 'in', options.state ? [options.state] : ['waiting', 'human'])
    .$if(after !== undefined, (query) =>
      query.where((eb) => eb.or([eb('h.requested_at', '<', after!.requestedAt), eb.and([eb('h.requested_at', '=', after!.requestedAt), eb('h.conversation_id', '<', after!.conversationId)])])),
    )
    .orderBy('h.requested_at', 'desc')
    .orderBy('h.conversation_id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => ({
      conversationId: row.public_id,
      channel: row.channel,
      state: row.state as HandoffListItem['state'],
      requestedAt: fromStoredTimestamp(row.requested_at!),
      agent: row.agent,
      webhookFailedAt: row.webhook_failed_at && fromStoredTimestamp(row.webhook_failed_at),
    })),
    nextCursor: rows.length > limit && last ? encode(last.requested_at!, last.conversation_id) : null,
  }
}
