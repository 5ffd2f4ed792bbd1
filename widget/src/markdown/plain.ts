import type { Block, Inline } from './nodes.js'

const inlineText = (nodes: Inline[]): string =>
  nodes.map((node) => (node.type === 'break' ? '\n' : 'text' in node ? node.text : inlineText(node.children))).join('')

/**
 * Parsed blocks as the plain text a screen reader should hear, line by line (paragraphs, list
 * items, code and hard breaks), without Markdown punctuation or link targets; an ordered list
 * keeps its numbers.
 */
export const toPlainLines = (blocks: Block[]): string[] =>
  blocks.flatMap((block) =>
    block.type === 'list'
      ? block.items.flatMap((item, index) => toPlainLines(item).map((line, at) => (block.ordered && !at ? `${block.start + index}. ${line}` : line)))
      : (block.type === 'paragraph' ? inlineText(block.children) : block.text).split('\n'),
  )
