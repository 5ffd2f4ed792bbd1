import { createRequire } from 'node:module'
import { widgetPartRoute, type ChatbotRoute } from '@chatbot-kit/kernel'

/** `GET /attachments.js`: the module the widget imports on a channel with attachments, served as `/widget.js` is. */
export const moduleRoute = (): ChatbotRoute => widgetPartRoute('attachments', createRequire(import.meta.url).resolve)
