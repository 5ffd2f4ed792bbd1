import { definePlugin, type ChatbotPlugin } from '@chatbot-kit/kernel'
import { clientSections } from './sections.js'
import { allowsSnapshot, markSnapshot } from './snapshot.js'

/**
 * Turns the request's `client_extractors` blocks into `client` context sections (`turn:context`,
 * before the sanitizer, which runs last and escapes them like any section) and provides
 * `chatbot.renderSnapshot`. See docs/extractors.md.
 */
export function extractorsPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'extractors',
    setup(chatbot) {
      chatbot.hooks.hook('turn:context', (turn) => void turn.sections.push(...clientSections(turn)))
      chatbot.provide('renderSnapshot', (html, { channel }) => (allowsSnapshot(chatbot.settings(channel).allowedExtractors) ? markSnapshot(html, channel) : html))
    },
  })
}
