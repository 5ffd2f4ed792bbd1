import type { WidgetError } from '../api/errors.js'
import type { ReplyDetail } from '../chat/types.js'

/** The events `<chatbot-widget>` dispatches, by name, with their `detail`. */
export interface WidgetEventDetails {
  'chatbot-open': Record<string, never>
  'chatbot-close': Record<string, never>
  'chatbot-send': { message: string }
  'chatbot-message': ReplyDetail
  'chatbot-error': WidgetError
}

/** Dispatches from the host element; `composed` lets listeners outside any shadow root hear it. */
export function emit<K extends keyof WidgetEventDetails>(target: EventTarget, type: K, detail: WidgetEventDetails[K]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
}
