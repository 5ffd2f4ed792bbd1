import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { H3Event } from 'h3'
import { ChatbotNotFoundException } from '../../errors/index.js'
import type { KernelRuntime } from '../../runtime.js'
import type { ChatbotRoute } from '../route.js'

/** `GET /widget.js`: the widget bundle, cacheable, revalidated by ETag; never a cookie. */
export function widgetRoute(runtime: KernelRuntime): ChatbotRoute {
  let asset: Promise<{ body: Uint8Array; etag: string }> | undefined
  const load = async () => {
    if (!runtime.widgetFile) throw new ChatbotNotFoundException('No widget bundle is configured.')
    const body = await readFile(runtime.widgetFile)
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
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
      const { body, etag } = await asset
      const headers = {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300, must-revalidate',
        etag,
      }
      if (matchesEtag(event.req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
      return new Response(body as BodyInit, { headers })
    },
  }
}

/** `If-None-Match` may list several tags, weak (`W/`) or not, or `*`. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const candidate = tag.trim()
    return candidate === '*' || candidate.replace(/^W\//, '') === etag
  })
}
