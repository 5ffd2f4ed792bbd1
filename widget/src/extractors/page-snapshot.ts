import type { ClientExtractor } from './registry.js'

/** The built-in extractor's name, and the spec's name for it, accepted as an alias. */
export const PAGE_SNAPSHOT = 'page-snapshot'
export const PAGE_SNAPSHOT_ALIAS = 'blade-snapshot'

const SKIPPED = /^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/
// Elements whose text stands on its own line; table cells get a space.
const BLOCK = /^(P|DIV|LI|DT|DD|TR|BR|HR|H\d|UL|OL|DL|TABLE|PRE|BLOCKQUOTE|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|MAIN|NAV|FORM|FIGURE)$/
const CELL = /^(TD|TH)$/

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
    else if (child.nodeType === 1 && !SKIPPED.test(child.nodeName.toUpperCase())) {
      const tag = child.nodeName.toUpperCase()
      const gap = BLOCK.test(tag) ? '\n' : CELL.test(tag) ? ' ' : ''
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
