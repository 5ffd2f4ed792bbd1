import type { ClientExtractor } from './registry.js'

/** The built-in extractor's name, and the spec's name for it, accepted as an alias. */
export const PAGE_SNAPSHOT = 'page-snapshot'
export const PAGE_SNAPSHOT_ALIAS = 'blade-snapshot'

const SKIPPED = /^(script|style|template|noscript)$/i
// Elements whose text stands on its own line; table cells get a space.
const BLOCK = /^(p|div|li|dt|dd|tr|br|hr|h\d|ul|ol|dl|table|pre|blockquote|section|article|aside|header|footer|main|nav|form|figure)$/i
const CELL = /^t[dh]$/i

/**
 * Reads the text of the host page's elements marked `data-chatbot-snapshot` (empty, or naming
 * this channel). It walks the DOM text rather than `innerText`, so hidden snapshot containers
 * count and no layout is forced; block elements become line breaks so words do not run together.
 */
export function createPageSnapshot(root: ParentNode): ClientExtractor {
  return ({ channel }) =>
    [...root.querySelectorAll('[data-chatbot-snapshot]')]
      .filter((element) => [channel, ''].includes(element.getAttribute('data-chatbot-snapshot')!))
      .map((element) => textOf(element).replace(/[^\S\n]+/g, ' ').replace(/ ?\n\s*/g, '\n').trim())
      .filter(Boolean)
      .join('\n\n') || null
}

function textOf(node: Node): string {
  let text = ''
  for (const child of node.childNodes) {
    if (child.nodeType === 3) text += child.nodeValue
    else if (child.nodeType === 1 && !SKIPPED.test(child.nodeName)) {
      const gap = BLOCK.test(child.nodeName) ? '\n' : CELL.test(child.nodeName) ? ' ' : ''
      text += gap + textOf(child) + gap
    }
  }
  return text
}
