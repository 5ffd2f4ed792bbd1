import type { Block, Inline } from './nodes.js'

/** The two DOM calls rendering needs; a test passes a stand-in. */
export interface NodeFactory {
  createElement(tag: string): Element
  createTextNode(text: string): Node
}

/** Turns a run of text into nodes (a reply's `[n]` markers into links to its sources). */
export type TextRenderer = (text: string) => Node[]

/**
 * Builds DOM nodes for parsed blocks with `createElement` and text nodes only: each node type
 * has one fixed tag, and the only attributes ever set are a link's vetted `href` with its
 * `rel`/`target`, a list's numeric `start`, and a code block's `tabindex="0"`. Model text never
 * reaches an HTML parser. Text outside code and links goes through `cite` when given.
 */
export function renderBlocks(blocks: Block[], doc: NodeFactory, cite?: TextRenderer): Node[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'paragraph':
        return element(doc, 'p', renderInlines(block.children, doc, cite))
      case 'code_block': {
        // A tab stop, so a keyboard can scroll a long line into view (WCAG 2.1.1).
        const pre = element(doc, 'pre', [element(doc, 'code', [doc.createTextNode(block.text)])])
        pre.setAttribute('tabindex', '0')
        return pre
      }
      case 'list': {
        const list = element(
          doc,
          block.ordered ? 'ol' : 'ul',
          block.items.map((item) => element(doc, 'li', renderBlocks(item, doc, cite))),
        )
        if (block.ordered && block.start !== 1) list.setAttribute('start', String(block.start))
        return list
      }
    }
  })
}

function renderInlines(nodes: Inline[], doc: NodeFactory, cite?: TextRenderer): Node[] {
  return nodes.flatMap((node) => {
    switch (node.type) {
      case 'text':
        return cite ? cite(node.text) : doc.createTextNode(node.text)
      case 'break':
        return doc.createElement('br')
      case 'code':
        return element(doc, 'code', [doc.createTextNode(node.text)])
      case 'strong':
      case 'em':
        return element(doc, node.type, renderInlines(node.children, doc, cite))
      case 'link': {
        const link = element(doc, 'a', renderInlines(node.children, doc))
        link.setAttribute('href', node.href)
        link.setAttribute('rel', 'noopener noreferrer')
        link.setAttribute('target', '_blank')
        return link
      }
    }
  })
}

function element(doc: NodeFactory, tag: string, children: Node[]): Element {
  const created = doc.createElement(tag)
  created.append(...children)
  return created
}
