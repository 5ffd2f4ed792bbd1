import type { H3Event } from 'h3'
import { ChatbotNotFoundException } from '../../errors/index.js'
import type { KernelRuntime } from '../../runtime.js'
import type { ChatbotRoute } from '../route.js'
import { createStaticAsset, readEncodedFile, type StaticAsset } from '@chatbot-kit/http'

/**
 * `GET /widget.js`: the widget bundle, brotli or gzip as precompressed by its build when the
 * browser accepts it, cacheable, revalidated by ETag; never a cookie.
 */
export function widgetRoute(runtime: KernelRuntime): ChatbotRoute {
  let asset: Promise<StaticAsset> | undefined
  const load = async () => {
    if (!runtime.widgetFile) throw new ChatbotNotFoundException('No widget bundle is configured.')
    const { files, stale } = await readEncodedFile(runtime.widgetFile)
    for (const copy of stale) runtime.logger.warn(`${copy} is not a compressed copy of ${runtime.widgetFile} (left from another build?); it is not served. Build the widget again.`)
    return createStaticAsset(files, { type: 'application/javascript; charset=utf-8', cacheControl: 'public, max-age=300, must-revalidate' })
  }
  return {
    name: 'chatbot.widget-js',
    method: 'GET',
    path: '/widget.js',
    stateful: false,
    async handler(event: H3Event) {
      asset ??= load().catch((error: unknown) => {
        asset = undefined
        throw error
      })
      return (await asset).respond(event.req)
    },
  }
}
