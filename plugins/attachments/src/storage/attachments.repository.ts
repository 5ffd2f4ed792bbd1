import type { EnvelopePayload } from '@chatbot-kit/kernel'
import { toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { AttachmentRow, NewAttachmentRow } from './attachments.table.js'
import { withAttachments, type ChatbotDb } from './tables.js'

/** The uploader columns of an envelope's identity. */
export const ownerOf = (envelope: EnvelopePayload) => (envelope.uid !== undefined ? { user_id: envelope.uid, guest_id: null } : { user_id: null, guest_id: envelope.gid ?? null })

export async function insertAttachment(db: ChatbotDb, row: NewAttachmentRow): Promise<void> {
  await withAttachments(db).insertInto('attachments').values(row).execute()
}

/** The attachments with these public ids, whoever owns them. */
export function findAttachments(db: ChatbotDb, publicIds: readonly string[]): Promise<AttachmentRow[]> {
  if (publicIds.length === 0) return Promise.resolve([])
  return withAttachments(db).selectFrom('attachments').selectAll().where('public_id', 'in', publicIds).execute()
}

/** Whether `row` belongs to the envelope: same identity, same channel. */
export function isOwnedBy(row: AttachmentRow, envelope: EnvelopePayload): boolean {
  const owner = ownerOf(envelope)
  return row.channel === envelope.channel && row.user_id === owner.user_id && row.guest_id === owner.guest_id
}

/** A used attachment whose conversation is gone: deleted in all but its file, which the sweep removes. */
export const isOrphan = (row: AttachmentRow) => row.used_at !== null && row.conversation_id === null

/**
 * Marks unused attachments as used in `conversationId`, all or none: false when another request
 * claimed one first (the check and the claim are one statement per row set).
 */
export async function claimAttachments(db: ChatbotDb, ids: readonly number[], conversationId: number, now = new Date()): Promise<boolean> {
  return withAttachments(db).transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('attachments')
      .set({ conversation_id: conversationId, used_at: toStoredTimestamp(now) })
      .where('id', 'in', ids)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow()
    if (Number(numUpdatedRows) === ids.length) return true
    // Roll back the part that succeeded.
    throw new ClaimLost()
  }).catch((error: unknown) => {
    if (error instanceof ClaimLost) return false
    throw error
  })
}

class ClaimLost extends Error {}

/** Undoes a claim whose turn was refused before its message was stored. */
export async function releaseAttachments(db: ChatbotDb, ids: readonly number[]): Promise<void> {
  await withAttachments(db).updateTable('attachments').set({ conversation_id: null, used_at: null, message_id: null }).where('id', 'in', ids).where('message_id', 'is', null).execute()
}

/** A conversation's last message, whatever its role: a retried message is the last one, unanswered. */
export function lastMessage(db: ChatbotDb, conversationId: number): Promise<{ id: number; role: string; content: string } | undefined> {
  return db.selectFrom('messages').select(['id', 'role', 'content']).where('conversation_id', '=', conversationId).orderBy('id', 'desc').executeTakeFirst()
}

/** The internal id of a conversation's latest user message: the one a turn just stored. */
export async function latestUserMessageId(db: ChatbotDb, conversationId: number): Promise<number | undefined> {
  const row = await db.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).where('role', '=', 'user').orderBy('id', 'desc').executeTakeFirst()
  return row?.id
}

/** Ties claimed attachments to the user message that carries them. */
export async function bindToMessage(db: ChatbotDb, ids: readonly number[], messageId: number): Promise<void> {
  await withAttachments(db).updateTable('attachments').set({ message_id: messageId }).where('id', 'in', ids).execute()
}

/** A conversation's attachments that a stored message carries, in upload order, with that message's public id. */
export function attachmentsOfConversation(db: ChatbotDb, conversationId: number): Promise<(AttachmentRow & { message_id: number; message_public_id: string })[]> {
  return withAttachments(db)
    .selectFrom('attachments as a')
    .innerJoin('messages as m', 'm.id', 'a.message_id')
    .selectAll('a')
    .select(['m.id as message_id', 'm.public_id as message_public_id'])
    .where('a.conversation_id', '=', conversationId)
    .orderBy('a.id')
    .execute()
}

/** An attachment as history, the upload route and the admin transcript show it. */
export interface AttachmentSummary {
  id: string
  name: string
  type: string
  size: number
}

/** Summaries grouped by a key of their row (the message's public id for history, its internal id for the transcript). */
export function summariesBy<R extends AttachmentRow, K>(rows: readonly R[], keyOf: (row: R) => K): Map<K, AttachmentSummary[]> {
  const grouped = new Map<K, AttachmentSummary[]>()
  for (const row of rows) grouped.set(keyOf(row), [...(grouped.get(keyOf(row)) ?? []), { id: row.public_id, name: row.name, type: row.type, size: row.size }])
  return grouped
}

/** Rows whose files should go: orphans, and attachments never used since `unusedBefore`. */
export function sweepable(db: ChatbotDb, unusedBefore: Date, limit: number): Promise<Pick<AttachmentRow, 'id' | 'public_id'>[]> {
  return withAttachments(db)
    .selectFrom('attachments')
    .select(['id', 'public_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('used_at', 'is not', null), eb('conversation_id', 'is', null)]),
        eb.and([eb('used_at', 'is', null), eb('created_at', '<', toStoredTimestamp(unusedBefore))]),
      ]),
    )
    .limit(limit)
    .execute()
}

export async function deleteAttachmentRows(db: ChatbotDb, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await withAttachments(db).deleteFrom('attachments').where('id', 'in', ids).execute()
}
