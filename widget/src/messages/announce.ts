import { parseMarkdown } from '../markdown/blocks.js'
import { renderBlocks } from '../markdown/render.js'

/**
 * Svelte action for the polite live region: each completed reply replaces its content once,
 * as a new node (so a repeated text is still heard), rendered like the reply so that Markdown
 * punctuation is not read out.
 */
export function announce(node: HTMLElement, announcement: { key: string; text: string } | null) {
  let key: string | undefined
  const update = (next: typeof announcement) => {
    if (!next || next.key === key) return
    key = next.key
    node.replaceChildren(...renderBlocks(parseMarkdown(next.text), node.ownerDocument))
  }
  update(announcement)
  return { update }
}
