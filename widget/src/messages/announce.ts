import { parseMarkdown } from '../markdown/blocks.js'
import { toPlainLines } from '../markdown/plain.js'
import { buildElement } from './element.js'

/** How long an announcement stays in the live region: long enough to be picked up, then gone. */
export const CLEAR_AFTER_MS = 5000

/**
 * Svelte action for the polite live region: each completed reply replaces its content once,
 * as new nodes (so a repeated text is still heard), as plain text, one paragraph a line, without
 * Markdown punctuation. Nothing in it can take focus (no links), and it empties itself after
 * `CLEAR_AFTER_MS`, so browse mode does not come upon every reply a second time.
 */
export function announce(node: HTMLElement, announcement: { key: string; text: string } | null) {
  let key: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const update = (next: typeof announcement) => {
    if (!next || next.key === key) return
    key = next.key
    node.replaceChildren(...toPlainLines(parseMarkdown(next.text)).map((line) => buildElement(node.ownerDocument, 'p', '', line)))
    clearTimeout(timer)
    timer = setTimeout(() => node.replaceChildren(), CLEAR_AFTER_MS)
  }
  update(announcement)
  return {
    update,
    destroy() {
      clearTimeout(timer)
    },
  }
}
