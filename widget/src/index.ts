import Panel from './element/ChatbotWidget.svelte'
import { defineWidgetElement } from './element/widget-element.js'

const TAG = 'chatbot-widget'

// A page loading the script twice (two URLs, a cache-busting query) keeps the first definition
// instead of throwing.
if (!customElements.get(TAG)) customElements.define(TAG, defineWidgetElement(Panel))
