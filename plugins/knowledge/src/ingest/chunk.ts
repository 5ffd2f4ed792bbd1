import { byteLength } from '@chatbot-kit/kernel'
import type { ParsedDocument } from './parsed-document.js'

/** Bytes of one chunk's text at most: a few paragraphs, so several fit in `knowledge.maxBytes`. */
export const MAX_CHUNK_BYTES = 1200

export interface Chunk {
  title: string
  heading: string | null
  /** The document's URL, with `#fragment` when the chunk's heading has one; null without a URL. */
  url: string | null
  text: string
}

/** Pieces of `text` of at most `max` bytes: whole paragraphs, else whole lines, else whole words. */
function split(text: string, max: number): string[] {
  if (byteLength(text) <= max) return [text]
  for (const separator of ['\n\n', '\n', ' ']) {
    const parts = text.split(separator)
    if (parts.length < 2) continue
    const pieces: string[] = []
    let piece = ''
    for (const part of parts) {
      const joined = piece === '' ? part : `${piece}${separator}${part}`
      if (byteLength(joined) <= max) piece = joined
      else {
        if (piece !== '') pieces.push(piece)
        piece = part
      }
    }
    if (piece !== '') pieces.push(piece)
    return pieces.flatMap((item) => split(item, max))
  }
  // One word longer than a chunk (a hash, an inline image): cut on a character boundary.
  const characters = [...text]
  const half = Math.ceil(characters.length / 2)
  return [...split(characters.slice(0, half).join(''), max), ...split(characters.slice(half).join(''), max)]
}

/** The document's chunks: one or more per section, following its headings, each at most MAX_CHUNK_BYTES. */
export function chunkDocument(document: ParsedDocument, url: string | null, max = MAX_CHUNK_BYTES): Chunk[] {
  // A heading with nothing under it but sub-headings has no text of its own to offer.
  return document.sections
    .filter((section) => section.text !== '')
    .flatMap((section) => {
      const anchored = url && section.fragment ? `${url.replace(/#.*$/, '')}#${encodeURIComponent(section.fragment)}` : url
      return split(section.text, max).map((piece) => ({ title: document.title, heading: section.heading, url: anchored, text: piece }))
    })
}
