import ChatbotWidget from './element/ChatbotWidget.svelte'

const TAG = 'chatbot-widget'

// Defined here rather than through Svelte's `tag` option so that a page loading the script
// twice (two URLs, a cache-busting query) keeps the first definition instead of throwing.
if (ChatbotWidget.element && !customElements.get(TAG)) customElements.define(TAG, ChatbotWidget.element)
