import { createRequire } from 'node:module'
import { widgetPartRoute, type ChatbotRoute } from '@chatbot-kit/kernel'

/** `GET /handoff.js`: the module the widget imports on a channel with handoff, served as `/widget.js` is. */
export const moduleRoute = (): ChatbotRoute => widgetPartRoute('handoff', createRequire(import.meta.url).resolve)
