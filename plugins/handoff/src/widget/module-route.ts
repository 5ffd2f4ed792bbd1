import { createRequire } from 'node:module'
import { ChatbotNotFoundException, createStaticAsset, type ChatbotRoute, type StaticAsset } from '@chatbot-kit/kernel'
import { readEncodedFile } from '@chatbot-kit/http'
import type { H3Event } from 'h3'

/** The widget's handoff UI, built beside `widget.js` with its gzip and brotli copies. */
export function resolveHandoffModule(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/handoff.js')
  } catch {
    return undefined
  }
}

/**
 * `GET /handoff.js`: the module the widget imports on a channel with handoff, served as
 * `/widget.js` is (precompressed coding the browser accepts, revalidated by ETag, no cookie).
 */
export function moduleRoute(file = resolveHandoffModule()): ChatbotRoute {
  let asset: Promise<StaticAsset> | undefined
  const load = async () => {
    if (!file) throw new ChatbotNotFoundException('The widget\'s handoff module is not built.')
    const { files } = await readEncodedFile(file)
    return createStaticAsset(files, { type: 'application/javascript; charset=utf-8', cacheControl: 'public, max-age=300, must-revalidate' })
  }
  return {
    name: 'chatbot.handoff-js',
    method: 'GET',
    path: '/handoff.js',
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
