import type { ClientExtractor } from './registry.js'

/** The built-in extractor's name, and the spec's name for it, accepted as an alias. */
export const PAGE_SNAPSHOT = 'page-snapshot'
export const PAGE_SNAPSHOT_ALIAS = 'blade-snapshot'

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'])
const BLOCKS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE',
  'SECTION', 'TABLE', 'TR', 'UL',
])

/**
 * Reads the text of the host page's elements marked `data-chatbot-snapshot` (empty, or naming
 * this channel). It uses the DOM text rather than `innerText`, so hidden snapshot containers
 * count and no layout is forced; block elements become line breaks so words do not run together.
 */
export function createPageSnapshot(root: ParentNode): ClientExtractor {
  return ({ channel }) => {
    const parts: string[] = []
    for (const element of root.querySelectorAll('[data-chatbot-snapshot]')) {
      const target = element.getAttribute('data-chatbot-snapshot')
      if (target && target !== channel) continue
      const text = tidy(collect(element, []).join(''))
      if (text) parts.push(text)
    }
    return parts.length > 0 ? parts.join('\n\n') : null
  }
}

function collect(node: Node, out: string[]): string[] {
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out.push(child.nodeValue ?? '')
    else if (child.nodeType === 1 && !SKIPPED.has(child.nodeName.toUpperCase())) {
      const tag = child.nodeName.toUpperCase()
      // Table cells sit side by side: a space keeps their words apart.
      const gap = BLOCKS.has(tag) ? '\n' : tag === 'TD' || tag === 'TH' ? ' ' : ''
      out.push(gap)
      collect(child, out)
      out.push(gap)
    }
  }
  return out
}

const tidy = (text: string) =>
  text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n\s*/g, '\n')
    .trim()
