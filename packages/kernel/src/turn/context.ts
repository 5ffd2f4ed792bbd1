import { createHash } from 'node:crypto'
import { truncateUtf8 } from '../text/index.js'
import type { KernelRuntime } from '../runtime.js'
import type { ContextSummaryStreamEvent } from './stream-events.js'
import type { ContextSection, Turn } from './types.js'

/** The server-side sections: channel summary, `chatbot.context(…)`, then the channel scope's. */
export async function collectServerSections(runtime: KernelRuntime, turn: Turn): Promise<ContextSection[]> {
  const sections: ContextSection[] = []
  const summary = turn.settings.summary
  if (summary !== undefined) {
    const content = typeof summary === 'function' ? summary() : summary
    if (content) sections.push({ name: 'channel-summary', content, source: 'server' })
  }
  const scoped = runtime.channelContexts(turn.channel)
  for (const source of scoped ? [runtime.contexts, scoped] : [runtime.contexts]) {
    for (const [name, value] of source) {
      const content = typeof value === 'function' ? await value(turn) : value
      if (content) sections.push({ name, content: String(content), source: 'server' })
    }
  }
  return sections
}

/**
 * Caps each section, then builds the system prompt: base prompt, channel prompt, and each
 * section in its own delimited block. `context_hash` is the SHA-256 of the blocks.
 */
export function assembleSystemPrompt(runtime: KernelRuntime, turn: Turn): void {
  const cap = runtime.config.context.sectionSizeCap
  const blocks: string[] = []
  for (const section of turn.sections) {
    const cut = truncateUtf8(section.content, section.sizeCap ?? cap)
    section.content = cut.text
    // A plugin may have cut it already (an extractor block to its own cap): keep that flag.
    section.truncated = section.truncated === true || cut.truncated
    blocks.push(`<context name="${section.name}" source="${section.source}">\n${section.content}\n</context>`)
  }
  const context = blocks.join('\n\n')
  turn.contextHash = createHash('sha256').update(context).digest('hex')
  turn.systemPrompt = [runtime.config.prompt, turn.settings.prompt, context].filter(Boolean).join('\n\n')
}

/** The `context_summary` stream event. */
export function contextSummary(turn: Turn): ContextSummaryStreamEvent {
  return {
    type: 'context_summary',
    sections: turn.sections.map((section) => ({
      name: section.name,
      source: section.source,
      bytes: Buffer.byteLength(section.content),
      truncated: section.truncated === true,
    })),
    context_hash: turn.contextHash,
    message_id: turn.replyId,
  }
}
