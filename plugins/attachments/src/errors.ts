import { ChatbotException } from '@chatbot-kit/kernel'

/**
 * Every refusal of the attachments plugin: one class, a stable `code` and its HTTP status
 * (docs/errors.md lists them). Nothing is stored when one is thrown.
 */
export class ChatbotAttachmentException extends ChatbotException {
  constructor(code: AttachmentErrorCode, message: string, fields?: Record<string, string>) {
    super(message, { code, status: STATUS[code], ...(fields ? { fields } : {}) })
  }
}

const STATUS = {
  /** The envelope's channel does not take attachments. */
  attachments_disabled: 403,
  /** The file is larger than the channel's `maxBytes`, or an image's pixel count is over the cap. */
  attachment_too_large: 413,
  /** The sniffed type is not among the channel's `types`, or the declared type disagrees with it. */
  attachment_type_not_allowed: 415,
  /** The multipart body is malformed, truncated, or lacks `file`. */
  invalid_attachment_upload: 422,
  /** `attachments` of a message names a file the sender may not attach (another's, used, another channel's). */
  invalid_attachments: 422,
  /** Stream error: the provider refused the images of a message (a model without vision). */
  attachments_not_supported: 422,
  /** No attachment with that id is visible to this envelope. */
  attachment_not_found: 404,
} as const

export type AttachmentErrorCode = keyof typeof STATUS
