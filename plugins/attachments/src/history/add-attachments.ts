import type { HistoryContext, PluginApi } from '@chatbot-kit/kernel'
import { attachmentsByMessage } from '../storage/attachments.repository.js'

/** An attachment as history and the upload route show it. */
export interface AttachmentSummary {
  id: string
  name: string
  type: string
  size: number
}

declare module '@chatbot-kit/kernel' {
  interface HistoryMessage {
    /** Attachments plugin: the files a user message carried (`[]` when none); absent on replies. */
    attachments?: AttachmentSummary[]
  }
}

/** `conversation:history`: each user message gains `attachments`, so a reload shows what was sent. */
export function addAttachments(api: PluginApi) {
  return async (context: HistoryContext): Promise<void> => {
    const byMessage = await attachmentsByMessage(api.storage.db, context.conversation.id)
    for (const message of context.messages) {
      if (message.role !== 'user') continue
      message.attachments = (message.id === null ? [] : (byMessage.get(message.id) ?? [])).map(({ public_id: id, name, type, size }) => ({ id, name, type, size }))
    }
  }
}
