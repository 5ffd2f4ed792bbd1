import type { Generated, Insertable, Selectable } from 'kysely'

/** Row shape of `attachments`: one uploaded file, kept in the file store under `public_id`. */
export interface AttachmentsTable {
  id: Generated<number>
  /** The id the widget sees (a UUID), and the file's key in the store. */
  public_id: string
  channel: string
  /** The uploader: the envelope's identity. */
  user_id: string | null
  guest_id: string | null
  /** The file name as sent, for `Content-Disposition`. */
  name: string
  /** The sniffed type. */
  type: string
  size: number
  /** An image's size from its header (the token estimate); null for text. */
  width: number | null
  height: number | null
  /** Set when a message uses it; null before, and again once its conversation is deleted. */
  conversation_id: number | null
  /** The user message that carries it (internal id), once stored. */
  message_id: number | null
  /** When a message claimed it; null while unused. Used with no conversation: its conversation was deleted. */
  used_at: string | null
  created_at: string
}

export type AttachmentRow = Selectable<AttachmentsTable>
export type NewAttachmentRow = Insertable<AttachmentsTable>
