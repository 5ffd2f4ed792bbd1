import { clip } from './messages.js'
import type { Persona } from './persona.js'
import type { PromptSection } from './system-prompt.js'
import { voiceOf } from './voice.js'

/** A chunk's number at the start of a line: `[1] Returns — Return window`, then `URL: https://…` and its text. */
const CHUNK_START = /^\[(\d+)\]/m

/**
 * The first numbered chunk of the `knowledge` section (what the knowledge plugin retrieved), as
 * its heading line and its text, or undefined when the prompt carries none.
 */
export function firstKnowledgeChunk(sections: PromptSection[]): { heading: string; text: string } | undefined {
  const content = sections.find((section) => section.name === 'knowledge')?.content
  const start = content?.search(/^\[1\]/m) ?? -1
  if (start === -1) return undefined
  const rest = content!.slice(start + 3)
  const next = rest.search(CHUNK_START)
  const [heading = '', ...body] = (next === -1 ? rest : rest.slice(0, next)).split('\n')
  // The knowledge plugin puts the chunk's address on a `URL:` line: the Sources list shows it, a reply need not.
  const text = body.filter((line) => !line.startsWith('URL: ')).join('\n')
  return { heading: heading.trim(), text: text.trim() }
}

/** Answers from the first chunk, citing it `[1]` as the base prompt asks a real model to. */
export function knowledgeReply(persona: Persona, chunk: { heading: string; text: string }): string {
  const voice = voiceOf(persona)
  // A chunk on one line is all heading: quote it once.
  const from = chunk.heading && chunk.text ? ` (${clip(chunk.heading, 120)})` : ''
  return [`${voice.sure} From the documentation${from}: ${clip(chunk.text || chunk.heading, 400)} [1]`, ...(voice.closing ? [voice.closing] : [])].join('\n\n')
}
