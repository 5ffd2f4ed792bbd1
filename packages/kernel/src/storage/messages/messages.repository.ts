import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { dialectOf } from '@chatbot-kit/stores'
import type { SourcesStreamEvent } from '../../turn/stream-events.js'
import type { Schema } from '../schema.js'
import { toStoredTimestamp } from '../timestamps.js'
import type { MessageRole, MessageRow, MessageStatus } from './messages.table.js'
import { toStoredMessage, type StoredMessage } from './stored-message.js'

export interface NewMessage {
  /** The public id; default a new UUID (a reply's is chosen when its stream opens). */
  publicId?: string
  /** Internal id of the conversation. */
  conversationId: number
  role: MessageRole
  content: string
  routeName: string
  contextHash: string | null
  /** Default `complete`. */
  status?: MessageStatus
  finishReason?: string | null
  /** Tokens of `content`. */
  tokenCount: number
  inputTokens?: number | null
  outputTokens?: number | null
  /** A reply's offered sources and the ids it cited; stored only when sources were offered. */
  sources?: SourcesStreamEvent['sources']
  citations?: readonly number[]
  now?: Date
  /** Also moves the conversation's `last_activity_at` to `now`, in the same commit. */
  touch?: boolean
}

/**
 * Stores a message. On the per-turn hot path, so it is one statement: the row is built here and
 * only the generated id comes back (`returning`, supported by Postgres and SQLite 3.35+). `touch`
 * on Postgres is in the same statement: one commit, one WAL flush before the first token, not two.
 * A SQLite commit flushes nothing (WAL, `NORMAL`): a second statement costs less than a transaction.
 */
export async function insertMessage(db: Kysely<Schema>, input: NewMessage): Promise<StoredMessage> {
  const row: Omit<MessageRow, 'id'> = {
    public_id: input.publicId ?? randomUUID(),
    conversation_id: input.conversationId,
    role: input.role,
    content: input.content,
    route_name: input.routeName,
    context_hash: input.contextHash,
    status: input.status ?? 'complete',
    finish_reason: input.finishReason ?? null,
    token_count: input.tokenCount,
    input_tokens: input.inputTokens ?? null,
    output_tokens: input.outputTokens ?? null,
    sources: input.sources?.length ? JSON.stringify(input.sources) : null,
    citations: input.sources?.length ? JSON.stringify(input.citations ?? []) : null,
    created_at: toStoredTimestamp(input.now ?? new Date()),
  }
  const touch = () => db.updateTable('conversations').set({ last_activity_at: row.created_at }).where('id', '=', row.conversation_id)
  const postgresTouch = input.touch === true && dialectOf(db) === 'postgres'
  const { id } = postgresTouch
    ? await db.with('touched', touch).insertInto('messages').values(row).returning('id').executeTakeFirstOrThrow()
    : await db.insertInto('messages').values(row).returning('id').executeTakeFirstOrThrow()
  if (input.touch && !postgresTouch) await touch().execute()
  return toStoredMessage({ id, ...row })
}

export interface ListMessagesOptions {
  /** Only the most recent `limit` messages (still returned oldest first). */
  limit?: number
}

/** A conversation's messages, oldest first. */
export async function listMessages(
  db: Kysely<Schema>,
  conversationId: number,
  options: ListMessagesOptions = {},
): Promise<StoredMessage[]> {
  const { limit } = options
  const query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId)
  if (limit === undefined) return (await query.orderBy('id', 'asc').execute()).map(toStoredMessage)
  // SQLite reads a negative limit as "no limit" and Postgres rejects it: refuse it the same way on both.
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${limit}`)
  const newestFirst = await query.orderBy('id', 'desc').limit(limit).execute()
  return newestFirst.reverse().map(toStoredMessage)
}

export async function countMessages(db: Kysely<Schema>, conversationId: number): Promise<number> {
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow()
  return count
}
