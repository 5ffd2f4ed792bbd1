import type { Block, Inline } from './nodes.js'

/** The reply as a screen reader should hear it: the text, without Markdown punctuation. */
export function toPlainText(blocks: Block[]): string {
  return blocks.map(blockText).join('\n')
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return inlineText(block.children)
    case 'code_block':
      return block.text
    case 'list':
      return block.items.map((item) => toPlainText(item)).join('\n')
  }
}

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text
        case 'break':
          return '\n'
        default:
          return inlineText(node.children)
      }
    })
    .join('')
}
