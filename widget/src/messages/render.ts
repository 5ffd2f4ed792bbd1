import type { ChatMessage } from '../chat/state.js'
import { format, type WidgetStrings } from '../i18n/strings.js'
import { parseMarkdown } from '../markdown/blocks.js'
import { renderBlocks, type NodeFactory } from '../markdown/render.js'
import { buildElement } from './element.js'
import { citeSources, sourceList } from './sources.js'

/** The translated line for a tool call in each state (also the transcript's). */
export const TOOL_TEXT = { running: 'toolRunning', done: 'toolDone', failed: 'toolFailed', denied: 'toolDenied' } as const

/**
 * Builds one message: a visually hidden speaker label, the tools it used, its text (plain for
 * the user, safe Markdown for the assistant, its `[n]` linked), its sources and a status note (thinking, stopped).
 */
export function renderMessage(message: ChatMessage, text: WidgetStrings, doc: NodeFactory): Element {
  const element = (tag: string, className: string, content: string | Node[], attributes?: Record<string, string>) => buildElement(doc, tag, className, content, attributes)
  const tools = message.tools.map((tool) => element('li', `tool ${tool.state}`, format(text[TOOL_TEXT[tool.state]], { name: tool.name })))
  const sources = message.sources ?? []
  const note = message.status === 'stopped' ? text.stopped : message.status === 'streaming' && !message.content ? text.thinking : ''
  return element('div', `message ${message.role}`, [
    // A person's name shows (styled by the handoff module); the others are for screen readers.
    element('span', message.author ? 'author' : 'visually-hidden', `${message.author ?? (message.role === 'user' ? text.you : text.assistant)}:`),
    ...(tools.length > 0 ? [element('ul', 'tools', tools)] : []),
    message.role === 'user' ? element('div', 'plain', message.content) : element('div', 'markdown', renderBlocks(parseMarkdown(message.content), doc, sources[0] && citeSources(doc, sources))),
    ...(sources[0] ? [sourceList(doc, sources, text)] : []),
    ...(note ? [element('p', 'status', note)] : []),
  ], { part: 'message' })
}
