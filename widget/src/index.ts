import ChatbotWidget from './element/ChatbotWidget.svelte'

const TAG = 'chatbot-widget'
// Svelte's custom-element build attaches the element class; its `*.svelte` typings do not say so.
const { element } = ChatbotWidget as unknown as { element: CustomElementConstructor }

// Defined here rather than through Svelte's `tag` option so that a page loading the script
// twice (two URLs, a cache-busting query) keeps the first definition instead of throwing.
if (!customElements.get(TAG)) customElements.define(TAG, element)
