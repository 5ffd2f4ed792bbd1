import { createRequire } from 'node:module'
import { ChatbotNotFoundException, scriptRoute, type ChatbotRoute } from '@chatbot-kit/kernel'

/** The widget's attach UI, built beside `widget.js` with its gzip and brotli copies. */
function attachmentsModule(): string {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/attachments.js')
  } catch {
    throw new ChatbotNotFoundException('The widget\'s attachments module is not built.')
  }
}

/** `GET /attachments.js`: the module the widget imports on a channel with attachments, served as `/widget.js` is. */
export const moduleRoute = (): ChatbotRoute => scriptRoute('chatbot.attachments-js', '/attachments.js', attachmentsModule)
