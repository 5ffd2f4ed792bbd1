import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { unflushedCommit } from '@chatbot-kit/stores'
import type { Schema } from '../schema.js'
import { toStoredTimestamp } from '../timestamps.js'
import { toConversation, type Conversation, type ConversationOwner } from './conversation.js'
import type { ConversationRow } from './conversations.table.js'

export interface NewConversation {
  channel: string
  owner: ConversationOwner
  routeName: string
  now?: Date
  /** Internal id of the conversation this one replaces. */
  rolledFrom?: number
}

/** Starts a conversation; one statement. */
export async function createConversation(db: Kysely<Schema>, input: NewConversation): Promise<Conversation> {
  const now = toStoredTimestamp(input.now ?? new Date())
  const row: Omit<ConversationRow, 'id'> = {
    public_id: randomUUID(),
    channel: input.channel,
    user_id: input.owner.userId ?? null,
    guest_id: input.owner.guestId ?? null,
    route_name: input.routeName,
    started_at: now,
    last_activity_at: now,
    rolled_from: input.rolledFrom ?? null,
  }
  // Its user message is inserted next, in a commit that makes this one durable too.
  const { id } = await db.insertInto('conversations').values(row).returning(['id', ...unflushedCommit(db)]).executeTakeFirstOrThrow()
  return toConversation({ id, ...row })
}

export async function findConversationByPublicId(
  db: Kysely<Schema>,
  publicId: string,
): Promise<Conversation | undefined> {
  const row = await db.selectFrom('conversations').selectAll().where('public_id', '=', publicId).executeTakeFirst()
  return row && toConversation(row)
}

/** Records activity (a turn) on the conversation; retention counts from the last one. */
export async function touchConversation(db: Kysely<Schema>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ last_activity_at: toStoredTimestamp(now) })
    .where('id', '=', id)
    .execute()
}

/** Hard-deletes a conversation with its messages and tool invocations; false when there was none. */
export async function deleteConversation(db: Kysely<Schema>, publicId: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('conversations')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow()
  return numDeletedRows > 0n
}

/** The channels that have stored conversations, in name order. */
export async function conversationChannels(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db.selectFrom('conversations').select('channel').distinct().orderBy('channel').execute()
  return rows.map((row) => row.channel)
}
