import type { ParsedDocument } from './parsed-document.js'

/**
 * A PDF's text, one section per page (a PDF has no headings to follow). unpdf bundles PDF.js
 * for server runtimes; it is loaded only when a source holds a PDF.
 */
export async function parsePdf(bytes: Uint8Array, fallbackTitle: string): Promise<ParsedDocument> {
  const { extractText, getDocumentProxy, getMeta } = await import('unpdf')
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { info } = await getMeta(pdf).catch(() => ({ info: {} as Record<string, unknown> }))
  const { text } = await extractText(pdf, { mergePages: false })
  const title = typeof info.Title === 'string' && info.Title.trim() !== '' ? info.Title.trim() : fallbackTitle
  return { title, sections: text.map((page) => ({ heading: null, fragment: null, text: page.replaceAll('\u0000', '').replace(/[ \t]+/g, ' ').trim() })).filter((section) => section.text !== '') }
}
