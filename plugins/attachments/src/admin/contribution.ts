import type { AdminContribution } from '@chatbot-kit/admin'
import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { attachmentsOfConversation, summariesBy, type AttachmentSummary } from '../storage/attachments.repository.js'

declare module '@chatbot-kit/admin' {
  interface AdminMessage {
    /** The files a user message carried (`[]` when none, and on replies). */
    attachments: AttachmentSummary[]
  }
}

/** The attachments plugin's part of the admin API: each user message's files in a transcript and its Markdown export. */
export const attachmentsAdmin: AdminContribution = defineAdminContribution({
  transcript: {
    async load({ chatbot, conversation }) {
      const byMessage = summariesBy(await attachmentsOfConversation(chatbot.db, conversation.id), (row) => row.message_id)
      return { message: (message) => ({ attachments: byMessage.get(message.id) ?? [] }) }
    },
    markdown: () => ({ afterText: (message) => (message.attachments.length > 0 ? [attachmentLines(message.attachments)] : []) }),
  },
})

function attachmentLines(attachments: AttachmentSummary[]): string[] {
  return [`**Attachments**: ${attachments.map((file) => `${file.name} (${file.type}, ${file.size} bytes)`).join('; ')}`]
}
