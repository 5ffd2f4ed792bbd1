import type { ReplySource } from '@chatbot-kit/kernel'
import type { WidgetStrings } from '../i18n/strings.js'
import { safeHref } from '../markdown/links.js'
import type { NodeFactory, TextRenderer } from '../markdown/render.js'
import { buildElement } from './element.js'

/** A source's title (or marker) linked to its URL when that is http(s); plain text otherwise (`javascript:`, none). */
const sourceLink = (doc: NodeFactory, source: ReplySource, label: string): Node => {
  const href = source.url && safeHref(source.url)
  return href?.startsWith('http') ? buildElement(doc, 'a', '', label, { href, rel: 'noopener noreferrer', target: '_blank' }) : doc.createTextNode(label)
}

/** A reply's `[n]` markers as links to the sources it was offered; other brackets stay text. */
export const citeSources = (doc: NodeFactory, sources: ReplySource[]): TextRenderer => (text) =>
  text.split(/(\[\d+\])/).map((piece, index) => {
    const source = index % 2 ? sources.find((candidate) => `[${candidate.id}]` === piece) : undefined
    return source ? sourceLink(doc, source, piece) : doc.createTextNode(piece)
  })

/** The numbered "Sources" list after a reply (parts `sources` and `source`), numbered by id as the markers are. */
export const sourceList = (doc: NodeFactory, sources: ReplySource[], text: WidgetStrings): Element =>
  buildElement(doc, 'ol', 'sources', sources.map((source) => buildElement(doc, 'li', '', [sourceLink(doc, source, source.title)], { part: 'source', value: `${source.id}` })), { part: 'sources', 'aria-label': text.sources })
