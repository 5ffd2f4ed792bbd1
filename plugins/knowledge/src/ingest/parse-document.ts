import { parseHtml } from './html.js'
import { parseMarkdown } from './markdown.js'
import type { DocumentFormat, ParsedDocument } from './parsed-document.js'
import { parsePdf } from './pdf.js'

const BY_EXTENSION: Readonly<Record<string, DocumentFormat>> = { '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown', '.html': 'html', '.htm': 'html', '.txt': 'text', '.pdf': 'pdf' }

/** A file's format by its extension; undefined for one a files source does not read. */
export const formatOfPath = (path: string): DocumentFormat | undefined => BY_EXTENSION[/\.[^./]+$/.exec(path.toLowerCase())?.[0] ?? '']

/** A fetched page's format by its media type; undefined for one that is not read. */
export function formatOfMediaType(contentType: string | null): DocumentFormat | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html'
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown'
  if (type === 'text/plain') return 'text'
  if (type === 'application/pdf') return 'pdf'
  return undefined
}

/** Plain text: one section, before any heading. */
const parseText = (text: string, title: string): ParsedDocument => ({ title, sections: text.trim() === '' ? [] : [{ heading: null, fragment: null, text: text.trim() }] })

/** A document's bytes, read by its format; `fallbackTitle` when it names none. */
export async function parseDocument(bytes: Uint8Array, format: DocumentFormat, fallbackTitle: string): Promise<ParsedDocument> {
  if (format === 'pdf') return parsePdf(bytes, fallbackTitle)
  // Postgres cannot store NUL characters in text, and no reader wants them.
  const text = new TextDecoder('utf-8').decode(bytes).replaceAll('\u0000', '')
  if (format === 'markdown') return parseMarkdown(text, fallbackTitle)
  if (format === 'html') return parseHtml(text, fallbackTitle)
  return parseText(text, fallbackTitle)
}
