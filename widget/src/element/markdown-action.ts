import { parseMarkdown } from '../markdown/blocks.js'
import { renderBlocks } from '../markdown/render.js'

/**
 * Svelte action: renders Markdown into `node` as DOM nodes (never as HTML). While a reply
 * streams, updates are coalesced to one render per animation frame.
 */
export function markdown(node: HTMLElement, source: string) {
  let current = source
  let frame = 0
  const render = () => {
    frame = 0
    node.replaceChildren(...renderBlocks(parseMarkdown(current), node.ownerDocument))
  }
  render()
  return {
    update(next: string) {
      current = next
      frame ||= requestAnimationFrame(render)
    },
    destroy() {
      cancelAnimationFrame(frame)
    },
  }
}
