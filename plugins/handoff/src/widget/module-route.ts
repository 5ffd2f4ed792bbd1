import { createRequire } from 'node:module'
import { ChatbotNotFoundException, type ChatbotRoute } from '@chatbot-kit/kernel'
import { createScriptFile } from '@chatbot-kit/http'
import type { H3Event } from 'h3'

/** The widget's handoff UI, built beside `widget.js` with its gzip and brotli copies. */
function handoffModule(): string {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/handoff.js')
  } catch {
    throw new ChatbotNotFoundException('The widget\'s handoff module is not built.')
  }
}

/**
 * `GET /handoff.js`: the module the widget imports on a channel with handoff, served as
 * `/widget.js` is (the precompressed coding the browser accepts, revalidated by ETag, no cookie).
 */
export function moduleRoute(): ChatbotRoute {
  const script = createScriptFile(handoffModule)
  return {
    name: 'chatbot.handoff-js',
    method: 'GET',
    path: '/handoff.js',
    stateful: false,
    handler: (event: H3Event) => script.respond(event.req),
  }
}
