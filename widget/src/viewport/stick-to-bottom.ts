// Within this many pixels of the end, the reader counts as following the conversation.
const SLACK = 48

/**
 * Svelte action for the scrolling message list: while the reader is at the end, growing
 * content (streamed tokens, rendered a frame later) keeps it in view; after they scroll up to
 * read, it stays put. A change of `count` (a message sent, history loaded) scrolls to the end.
 */
export function stickToBottom(node: HTMLElement, count: number) {
  let following = true
  let lastCount = count
  const toEnd = () => {
    node.scrollTop = node.scrollHeight
  }
  const onScroll = () => {
    following = node.scrollHeight - node.scrollTop - node.clientHeight <= SLACK
  }
  const observer = new MutationObserver(() => {
    if (following) toEnd()
  })
  observer.observe(node, { childList: true, subtree: true, characterData: true })
  node.addEventListener('scroll', onScroll)
  toEnd()
  return {
    update(next: number) {
      if (next === lastCount) return
      lastCount = next
      following = true
      toEnd()
    },
    destroy() {
      observer.disconnect()
      node.removeEventListener('scroll', onScroll)
    },
  }
}
