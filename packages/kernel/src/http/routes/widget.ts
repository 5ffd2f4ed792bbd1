import type { H3Event } from 'h3'
import { ChatbotNotFoundException } from '../../errors/index.js'
import type { KernelRuntime } from '../../runtime.js'
import type { ChatbotRoute } from '../route.js'
import { createScriptFile } from '@chatbot-kit/http'

/**
 * `GET <path>`: a built script of the widget's (`widget.js`, and the modules plugins serve beside
 * it), brotli or gzip as precompressed by its build when the browser accepts it, cacheable,
 * revalidated by ETag; never a cookie. `file` gives its path or throws what the request answers.
 */
function scriptRoute(name: string, path: string, file: () => string, onStale?: (copy: string, file: string) => void): ChatbotRoute {
  const script = createScriptFile(file, onStale)
  return { name, method: 'GET', path, stateful: false, handler: (event: H3Event) => script.respond(event.req) }
}

/** `GET /widget.js`: the widget bundle. */
export function widgetRoute(runtime: KernelRuntime): ChatbotRoute {
  const file = () => {
    if (!runtime.widgetFile) throw new ChatbotNotFoundException('No widget bundle is configured.')
    return runtime.widgetFile
  }
  return scriptRoute('chatbot.widget-js', '/widget.js', file, (copy, path) => runtime.logger.warn(`${copy} is not a compressed copy of ${path} (left from another build?); it is not served. Build the widget again.`))
}

/**
 * `GET /<part>.js`: a lazily loaded part of the widget a plugin serves (`handoff`, `attachments`).
 * `resolve` is the plugin's own `createRequire(import.meta.url).resolve`: the widget is its dependency.
 */
export function widgetPartRoute(part: string, resolve: (specifier: string) => string): ChatbotRoute {
  const file = () => {
    try {
      return resolve(`@chatbot-kit/widget/${part}.js`)
    } catch {
      throw new ChatbotNotFoundException(`The widget's ${part} module is not built.`)
    }
  }
  return scriptRoute(`chatbot.${part}-js`, `/${part}.js`, file)
}
