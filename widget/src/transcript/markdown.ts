import type { ChatMessage } from '../chat/state.js'
import { format, type WidgetStrings } from '../i18n/strings.js'
import { TOOL_TEXT } from '../messages/render.js'

export interface TranscriptOptions {
  title: string
  /** When it was saved, as the reader's locale writes it. */
  date: string
  messages: ChatMessage[]
  text: WidgetStrings
}

/**
 * The conversation as the widget shows it, as a Markdown document: the title and date, then each
 * message under its speaker, a reply's tools (with their arguments as JSON) listed before its
 * text, and a stopped reply marked. Replies are Markdown already; they go in as they are.
 */
export function toMarkdown({ title, date, messages, text }: TranscriptOptions): string {
  const parts = [`# ${title}`, `_${date}_`]
  for (const message of messages) {
    if (!message.content && message.tools.length === 0) continue
    parts.push(`## ${message.role === 'user' ? text.you : text.assistant}`)
    const tools = message.tools.map(({ state, name, args }) => `- ${format(text[TOOL_TEXT[state]], { name })}${args === undefined ? '' : `: \`${JSON.stringify(args)}\``}`)
    if (tools.length > 0) parts.push(tools.join('\n'))
    if (message.content) parts.push(message.content)
    if (message.status === 'stopped') parts.push(`_${text.stopped}_`)
  }
  return `${parts.join('\n\n')}\n`
}
