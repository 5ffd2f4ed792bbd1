import { clip } from './messages.js'
import type { Persona } from './persona.js'
import type { PromptSection } from './system-prompt.js'
import { keywords } from './tool-match.js'
import { voiceOf } from './voice.js'

const MAX_LINES = 8

/** "What is on this page?", "what's in my cart?": a question about what the browser sent. */
export const asksAboutPage = (question: string) =>
  /\b(this page|the page|my screen|looking at|what do you see|my (cart|basket)|the (cart|basket))\b/i.test(question)

/** What the browser sent (client sections); only those the question names, when it names any ("my cart"). */
export function pageSections(question: string, sections: PromptSection[]): PromptSection[] {
  const client = sections.filter((section) => section.source === 'client')
  const named = client.filter((section) => new RegExp(`\\b${section.name.replace(/[^\w-]/g, '')}\\b`, 'i').test(question))
  return named.length ? named : client
}

/** The sections that mention a word of the question, or undefined when none does. */
export function sectionsMentioning(question: string, sections: PromptSection[]): PromptSection[] | undefined {
  const words = keywords(question).filter((word) => word.length > 2)
  const hits = sections.filter((section) => {
    const text = section.content.toLowerCase()
    return words.some((word) => new RegExp(`(^|[^a-z0-9])${word}([^a-z0-9]|$)`).test(text))
  })
  return hits.length ? hits : undefined
}

/**
 * Answers from context sections, quoting them as a list per section, so a visitor sees what a
 * client extractor or a server context actually sent. With no section, says how to get one.
 */
export function contextReply(persona: Persona, sections: PromptSection[]): string {
  const voice = voiceOf(persona)
  if (sections.length === 0) {
    return `${voice.sure} Your browser sent me no page context with this message: this channel allows no client extractor (\`allowedExtractors\` in its config).`
  }
  const parts = sections.map((section) => {
    const lines = section.content
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    const shown = lines.slice(0, MAX_LINES).map((line) => `- ${clip(line, 160)}`)
    if (lines.length > MAX_LINES) shown.push(`- … and ${lines.length - MAX_LINES} more lines`)
    const from = section.source === 'client' ? 'sent by your browser' : 'added by the server'
    return `**\`${section.name}\`**, ${from}:\n\n${shown.join('\n')}`
  })
  return [`${voice.sure} Here is what I was given about this:`, ...parts, ...(voice.closing ? [voice.closing] : [])].join('\n\n')
}
