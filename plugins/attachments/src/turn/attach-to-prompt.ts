import { ChatbotException, countTokens, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import type { ChatContentPart } from '@chatbot-kit/provider'
import type { FileStore } from '../storage/file-store.js'
import { bindToMessage, latestUserMessageId } from '../storage/attachments.repository.js'
import type { AttachmentRow } from '../storage/attachments.table.js'
import { CLAIMED } from './claim-attachments.js'
import { imageTokens } from './estimate-tokens.js'
import { explainImageRefusal } from './explain-refusal.js'

/**
 * `turn:prompt` (before the quota's, the plugin being `pre`): the stored user message gets its
 * attachments, and the provider request's last user message becomes content parts: its text,
 * each text file as text under its name, each image as an `image_url` part with a `data:` URL.
 * `turn.inputTokens` grows by their estimate, so the input quota counts them.
 */
export function attachToPrompt(api: PluginApi, files: FileStore) {
  return async (turn: Turn): Promise<void> => {
    const rows = turn.state[CLAIMED] as AttachmentRow[] | undefined
    if (!rows) return
    const messageId = await latestUserMessageId(api.storage.db, turn.conversation.id)
    if (messageId !== undefined) await bindToMessage(api.storage.db, rows.map((row) => row.id), messageId)
    const last = turn.request.messages.findLast((entry) => entry.role === 'user')
    if (!last || last.role !== 'user') return
    const parts: ChatContentPart[] = [{ type: 'text', text: typeof last.content === 'string' ? last.content : '' }]
    for (const row of rows) {
      const bytes = await (await files()).getItemRaw<Buffer>(row.public_id)
      if (!bytes) throw new ChatbotException(`The file of attachment ${row.public_id} is missing from the store.`, { code: 'internal_error', status: 500 })
      if (row.width !== null && row.height !== null) {
        parts.push({ type: 'image_url', image_url: { url: `data:${row.type};base64,${Buffer.from(bytes).toString('base64')}` } })
        turn.inputTokens += imageTokens({ width: row.width, height: row.height })
        turn.explainFailure = explainImageRefusal
      } else {
        const text = `Attached file "${row.name}" (${row.type}):\n${Buffer.from(bytes).toString('utf8')}`
        parts.push({ type: 'text', text })
        turn.inputTokens += countTokens(text)
      }
    }
    last.content = parts
  }
}
