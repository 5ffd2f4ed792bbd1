import { textOf } from './messages.js'
import type { DemoMessage } from './types.js'

/** One `<context name="…" source="…">` block of the system prompt, as the kernel writes it. */
export interface PromptSection {
  name: string
  source: string
  content: string
}

/** The system prompt split into what the host told the model and the context it sent along. */
export interface SystemPrompt {
  /** The paragraphs before the first context block: the base prompt, then the channel's prompt. */
  instructions: string[]
  sections: PromptSection[]
}

const BLOCK = /<context name="([^"]*)" source="([^"]*)">\n?([\s\S]*?)\n?<\/context>/g

/**
 * Reads the system messages the kernel sends: `[base prompt, channel prompt, context blocks]`
 * joined by blank lines (packages/kernel/src/turn/context.ts). Anything else is instructions.
 */
export function readSystemPrompt(messages: DemoMessage[]): SystemPrompt {
  const text = messages
    .filter((message) => message.role === 'system')
    .map(textOf)
    .join('\n\n')
  const sections = [...text.matchAll(BLOCK)].map(([, name, source, content]) => ({ name: name!, source: source!, content: content!.trim() }))
  const first = text.search(/<context name="/)
  const instructions = (first === -1 ? text : text.slice(0, first))
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  return { instructions, sections }
}
