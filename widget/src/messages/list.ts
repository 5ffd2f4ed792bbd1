import { isRateable } from '../chat/feedback.js'
import type { ChatMessage } from '../chat/state.js'
import type { WidgetStrings } from '../i18n/strings.js'
import { feedbackBar, type FeedbackDocument, type RateReply } from './feedback.js'
import { renderMessage } from './render.js'

export interface MessageListParams {
  messages: ChatMessage[]
  text: WidgetStrings
  /** Rates a reply; without it, no reply shows thumbs. */
  rate?: RateReply
}

/**
 * Svelte action rendering the message list into `node`. A message keeps its node while its
 * object (and the translations) stay the same; the reply being streamed is a new object per
 * token and is rebuilt, at most once per animation frame. A finished reply gets its thumbs.
 * (Svelte's `{#each}` would add 1.6 KB gzip of runtime to a 25 KB budget for a list that only
 * grows at its end; this also runs in Node tests.)
 */
export function messageList(node: Element, params: MessageListParams) {
  let shown: { message: ChatMessage; text: WidgetStrings; element: Element }[] = []
  let current = params
  let frame = 0
  const doc = node.ownerDocument as FeedbackDocument

  const build = (message: ChatMessage, text: WidgetStrings) => {
    const element = renderMessage(message, text, doc)
    if (current.rate && isRateable(message)) element.append(feedbackBar(doc, message, text, () => current.rate!))
    return { message, text, element }
  }

  const render = () => {
    frame = 0
    const { messages, text } = current
    shown = messages.map((message, index) => {
      const old = shown[index]
      return old?.message === message && old.text === text ? old : build(message, text)
    })
    // Put each node at its index (a no-op for kept ones), then drop what was replaced or removed.
    shown.forEach(({ element }, index) => {
      if (node.children[index] !== element) node.insertBefore(element, node.children[index] ?? null)
    })
    while (node.children.length > shown.length) node.lastElementChild!.remove()
  }

  render()
  return {
    update(next: MessageListParams) {
      current = next
      frame ||= requestAnimationFrame(render)
    },
    destroy() {
      cancelAnimationFrame(frame)
    },
  }
}
