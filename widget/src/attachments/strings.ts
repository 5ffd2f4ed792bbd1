import { parseStrings } from '../i18n/strings.js'

/** The attach UI's texts, in English; translated through the widget's `strings` like the others. */
export const attachmentsEn = {
  attach: 'Attach files',
  attachments: 'Files to send',
  removeAttachment: 'Remove {name}',
  uploading: 'Uploading {name}',
  attachmentFailed: '{name}: {message}',
  attachmentUploadFailed: 'The upload failed. Try again.',
  attachmentLimit: 'You can send up to {count} files with a message.',
  attachmentsPending: 'Wait until the files are uploaded.',
}

export type AttachmentsStrings = typeof attachmentsEn

export const attachmentsStrings = (value: unknown): AttachmentsStrings => ({ ...attachmentsEn, ...(parseStrings(value) as Partial<AttachmentsStrings>) })
