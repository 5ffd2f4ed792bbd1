import type { HistoryContext, PluginApi } from '@chatbot-kit/kernel'
import { attachmentsOfConversation, summariesBy, type AttachmentSummary } from '../storage/attachments.repository.js'

declare module '@chatbot-kit/kernel' {
  interface HistoryMessage {
    /** Attachments plugin: the files a user message carried (`[]` when none); absent on replies. */
    attachments?: AttachmentSummary[]
  }
}

/** `conversation:history`: each user message gains `attachments`, so a reload shows what was sent. */
export function addAttachments(api: PluginApi) {
  return async (context: HistoryContext): Promise<void> => {
    const rows = await attachmentsOfConversation(api.storage.db, context.conversation.id)
    const byMessage = summariesBy(rows, (row) => row.message_public_id)
    for (const message of context.messages) {
      if (message.role === 'user') message.attachments = (message.id === null ? undefined : byMessage.get(message.id)) ?? []
    }
  }
}
