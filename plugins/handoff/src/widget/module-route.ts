import { createRequire } from 'node:module'
import { ChatbotNotFoundException, scriptRoute, type ChatbotRoute } from '@chatbot-kit/kernel'

/** The widget's handoff UI, built beside `widget.js` with its gzip and brotli copies. */
function handoffModule(): string {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/handoff.js')
  } catch {
    throw new ChatbotNotFoundException('The widget\'s handoff module is not built.')
  }
}

/** `GET /handoff.js`: the module the widget imports on a channel with handoff, served as `/widget.js` is. */
export const moduleRoute = (): ChatbotRoute => scriptRoute('chatbot.handoff-js', '/handoff.js', handoffModule)
