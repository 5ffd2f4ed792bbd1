import type { H3Event } from 'h3'
import { ChatbotNotFoundException } from '../../errors/index.js'
import type { KernelRuntime } from '../../runtime.js'
import type { ChatbotRoute } from '../route.js'
import { createScriptFile } from '@chatbot-kit/http'

/**
 * `GET /widget.js`: the widget bundle, brotli or gzip as precompressed by its build when the
 * browser accepts it, cacheable, revalidated by ETag; never a cookie.
 */
export function widgetRoute(runtime: KernelRuntime): ChatbotRoute {
  const script = createScriptFile(
    () => {
      if (!runtime.widgetFile) throw new ChatbotNotFoundException('No widget bundle is configured.')
      return runtime.widgetFile
    },
    (copy, file) => runtime.logger.warn(`${copy} is not a compressed copy of ${file} (left from another build?); it is not served. Build the widget again.`),
  )
  return {
    name: 'chatbot.widget-js',
    method: 'GET',
    path: '/widget.js',
    stateful: false,
    handler: (event: H3Event) => script.respond(event.req),
  }
}
