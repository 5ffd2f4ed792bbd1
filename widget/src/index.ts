import css from './element/widget.css?inline'
import Panel from './element/ChatbotWidget.svelte'
import { defineWidgetElement } from './element/widget-element.js'

const TAG = 'chatbot-widget'

// A page loading the script twice (two URLs, a cache-busting query) keeps the first definition
// instead of throwing.
if (!customElements.get(TAG)) {
  // One constructed sheet, shared by every instance's shadow root.
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  customElements.define(TAG, defineWidgetElement(Panel, [sheet]))
}
