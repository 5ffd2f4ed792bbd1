import type { TranscriptContribution } from '../contributions/contribution.js'
import type { AdminMessage, ConversationDetail } from './conversation-detail.js'
import { inlineCode, quotedLines } from './markdown-syntax.js'

/**
 * A conversation as a Markdown document a person reads: the facts first, then each message in
 * order with what the plugins show around it (the tool calls before a reply's text, the approvals
 * it paused for and its rating after), then what the plugins add at the end. Replies are Markdown
 * already and stay as they are; questions are quoted.
 */
export function toMarkdown(detail: ConversationDetail, transcripts: readonly TranscriptContribution[]): string {
  const { conversation } = detail
  const owner = conversation.userId !== null ? `user ${inlineCode(conversation.userId)}` : `guest ${inlineCode(conversation.guestId ?? '')}`
  const lines = [
    `# Conversation ${conversation.id}`,
    '',
    `- Channel: ${inlineCode(conversation.channel)}`,
    `- Owner: ${owner}`,
    `- Route: ${inlineCode(conversation.routeName)}`,
    `- Started: ${conversation.startedAt}`,
    `- Last activity: ${conversation.lastActivityAt}`,
    `- Messages: ${conversation.messageCount}`,
  ]
  const parts = transcripts.flatMap((transcript) => (transcript.markdown ? [transcript.markdown(detail)] : []))
  const push = (blocks: string[][]) => {
    for (const block of blocks) lines.push('', ...block)
  }
  for (const message of detail.messages) {
    const [heading, ...body] = messageLines(message)
    lines.push('', heading!)
    for (const part of parts) push(part.beforeText?.(message) ?? [])
    lines.push(...body)
    for (const part of parts) push(part.afterText?.(message) ?? [])
  }
  for (const part of parts) push(part.end?.() ?? [])
  return `${lines.join('\n')}\n`
}

/** The heading, then the text: a reply's own (Markdown), a question quoted. */
function messageLines(message: AdminMessage): string[] {
  const who = message.role === 'user' ? 'User' : 'Assistant'
  const state = message.status === 'incomplete' ? ` (incomplete${message.finishReason ? `: ${message.finishReason}` : ''})` : ''
  const heading = `## ${who}, ${message.createdAt}${state}`
  if (message.role === 'assistant') return [heading, '', message.content === '' ? '_(no text)_' : message.content]
  return [heading, '', ...quotedLines(message.content)]
}
