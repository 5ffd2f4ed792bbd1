import type { TranscriptContribution } from '../contributions/contribution.js'
import type { ConversationDetail } from './conversation-detail.js'
import { toMarkdown } from './markdown.js'

export type ExportFormat = 'markdown' | 'json'

/** A file to download: what `conversations.export` returns. */
export interface ConversationExport {
  filename: string
  contentType: string
  content: string
}

/** Markdown for people; JSON for programs, exactly `conversations.get`'s answer. */
export function exportConversation(detail: ConversationDetail, format: ExportFormat, transcripts: readonly TranscriptContribution[]): ConversationExport {
  const name = `conversation-${detail.conversation.id}`
  if (format === 'json') return { filename: `${name}.json`, contentType: 'application/json; charset=utf-8', content: `${JSON.stringify(detail, null, 2)}\n` }
  return { filename: `${name}.md`, contentType: 'text/markdown; charset=utf-8', content: toMarkdown(detail, transcripts) }
}
