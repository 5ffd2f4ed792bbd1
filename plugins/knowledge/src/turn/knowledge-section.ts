import type { ContextSection, ReplySource } from '@chatbot-kit/kernel'
import type { RetrievedChunk } from '../retrieval/retrieve.js'

/** How the model is asked to use the chunks (contract §11.1: cite with [n], say when they do not answer). */
const INSTRUCTIONS =
  'Excerpts from the site’s own documents, numbered. Answer from them when they answer the question, and cite each excerpt you use with its number in brackets, like [1]. If they do not answer it, say that the documents do not cover it rather than guess.'

/** How much of a chunk the `sources` event carries as its snippet. */
const SNIPPET_CHARACTERS = 200

/** What of a chunk the section shows. */
export type SectionChunk = Pick<RetrievedChunk, 'title' | 'heading' | 'url' | 'text'>

/** A chunk's title, with its heading when that says more: `title — heading`. */
export const chunkLabel = (chunk: Pick<RetrievedChunk, 'title' | 'heading'>): string => (chunk.heading && chunk.heading !== chunk.title ? `${chunk.title} — ${chunk.heading}` : chunk.title)

/** The `knowledge` context section: the instructions, then each chunk as `[n] title — heading`, its URL and its text. */
export function knowledgeSection(chunks: RetrievedChunk[], maxBytes: number): ContextSection {
  // Each line as turn/chunk-lines.ts counted it at sync.
  const blocks = chunks.map((chunk, index) => [`[${index + 1}] ${chunkLabel(chunk)}`, ...(chunk.url ? [`URL: ${chunk.url}`] : []), chunk.text].join('\n'))
  const content = [INSTRUCTIONS, ...blocks].join('\n\n')
  // Its own cap rather than context.sectionSizeCap: the chunks are already within maxBytes, whole;
  // the rest is the framing above and room for the sanitizer's escaping, which runs after us.
  return { name: 'knowledge', source: 'server', content, sizeCap: Buffer.byteLength(content) + maxBytes }
}

/** What the reply may cite, numbered as in the section. */
export function replySources(chunks: RetrievedChunk[]): ReplySource[] {
  return chunks.map((chunk, index) => {
    const flat = chunk.text.replace(/\s+/g, ' ').trim()
    return { id: index + 1, title: chunkLabel(chunk), url: chunk.url, snippet: flat.length > SNIPPET_CHARACTERS ? `${flat.slice(0, SNIPPET_CHARACTERS - 1)}…` : flat, score: chunk.score }
  })
}
