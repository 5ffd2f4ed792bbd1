import { createRequire } from 'node:module'
import { ChatbotNotFoundException, type ChatbotRoute } from '@chatbot-kit/kernel'
import { createScriptFile } from '@chatbot-kit/http'
import type { H3Event } from 'h3'

/** The widget's attach UI, built beside `widget.js` with its gzip and brotli copies. */
function attachmentsModule(): string {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/attachments.js')
  } catch {
    throw new ChatbotNotFoundException('The widget\'s attachments module is not built.')
  }
}

/**
 * `GET /attachments.js`: the module the widget imports on a channel with attachments, served as
 * `/widget.js` is (the precompressed coding the browser accepts, revalidated by ETag, no cookie).
 */
export function moduleRoute(): ChatbotRoute {
  const script = createScriptFile(attachmentsModule)
  return {
    name: 'chatbot.attachments-js',
    method: 'GET',
    path: '/attachments.js',
    stateful: false,
    handler: (event: H3Event) => script.respond(event.req),
  }
}
