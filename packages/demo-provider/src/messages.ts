import type { DemoMessage } from './types.js'

/** A message's text: a string, or the text of OpenAI content parts joined. */
export function textOf(message: DemoMessage): string {
  const { content } = message
  if (typeof content === 'string') return content
  return (content ?? []).map((part) => part.text ?? '').join('')
}

/** What the user asked last, trimmed; empty when there is no user message. */
export function lastUserText(messages: DemoMessage[]): string {
  const message = messages.findLast((candidate) => candidate.role === 'user')
  return message ? textOf(message).trim() : ''
}

/** The `tool` messages at the end of the conversation: results the model has not answered yet. */
export function trailingToolResults(messages: DemoMessage[]): DemoMessage[] {
  let start = messages.length
  while (start > 0 && messages[start - 1]!.role === 'tool') start--
  return messages.slice(start)
}

/** Whitespace folded, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
