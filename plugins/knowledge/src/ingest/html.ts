import { parseDocument } from 'htmlparser2'
import { findAll, findOne, getAttributeValue, removeElement, textContent } from 'domutils'
import type { AnyNode, Element } from 'domhandler'
import type { DocumentSection, ParsedDocument } from './parsed-document.js'

/** Elements that are not the page's content (contract §11.1), and ones that never show text. */
const DROPPED = new Set(['script', 'style', 'nav', 'header', 'footer', 'noscript', 'template', 'svg'])
const HEADING = /^h[1-6]$/
/** Elements after which text starts a new line, so words of adjacent blocks do not run together. */
const BLOCK = /^(p|div|li|ul|ol|tr|table|section|article|main|blockquote|pre|dd|dt|br|h[1-6])$/

const isElement = (node: AnyNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style'
const squash = (text: string) => text.replace(/[ \t\r\f\v]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/\n{3,}/g, '\n\n').trim()

/** A heading's anchor: its own id, or that of an anchor inside it (`<h2><a id="x">`). */
function anchorOf(heading: Element): string | null {
  const own = getAttributeValue(heading, 'id')
  if (own) return own
  const inner = findOne((node) => Boolean(getAttributeValue(node, 'id') ?? getAttributeValue(node, 'name')), heading.children)
  return inner ? (getAttributeValue(inner, 'id') ?? getAttributeValue(inner, 'name') ?? null) : null
}

/**
 * HTML reduced to its main content: no script, style, nav, header or footer; `<main>` or
 * `<article>` when present, else the body. Sections at each heading, anchored by its id. The
 * title is `<title>`, else the first `<h1>`, else `fallbackTitle`.
 */
export function parseHtml(source: string, fallbackTitle: string): ParsedDocument {
  const document = parseDocument(source)
  const titleElement = findOne((node) => node.name === 'title', document.children)
  for (const element of findAll((node) => DROPPED.has(node.name), document.children)) removeElement(element)
  const root = findOne((node) => node.name === 'main', document.children) ?? findOne((node) => node.name === 'article', document.children) ?? findOne((node) => node.name === 'body', document.children) ?? document
  const firstH1 = findOne((node) => node.name === 'h1', [root])
  const title = [titleElement, firstH1].map((element) => (element ? squash(textContent(element)) : '')).find((text) => text !== '') ?? fallbackTitle

  const sections: DocumentSection[] = []
  let current: DocumentSection = { heading: null, fragment: null, text: '' }
  const walk = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') current.text += (node as unknown as { data: string }).data
      if (!isElement(node)) continue
      if (HEADING.test(node.name)) {
        sections.push(current)
        current = { heading: squash(textContent(node)).replace(/\n/g, ' '), fragment: anchorOf(node), text: '' }
        continue
      }
      walk(node.children)
      if (BLOCK.test(node.name)) current.text += '\n'
    }
  }
  walk(root === document ? document.children : [root])
  sections.push(current)
  return { title, sections: sections.map((section) => ({ ...section, text: squash(section.text) })).filter((section) => section.text !== '' || section.heading !== null) }
}
