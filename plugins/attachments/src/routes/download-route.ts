import { ChatbotForbiddenException, type ChatbotRoute, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestEnvelope, isUuid, prepareRequestEnvelope } from '@chatbot-kit/kernel/plugin'
import { getQuery, getRouterParam, type H3Event } from 'h3'
import type { FileStore } from '../storage/file-store.js'
import { ChatbotAttachmentException } from '../errors.js'
import { findAttachments, isOrphan, isOwnedBy } from '../storage/attachments.repository.js'
import { contentDisposition } from './file-name.js'

/** Images a browser may show in place; everything else (text included) downloads. SVG is never sniffed, so never here. */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** Nothing in a served file may run, load or frame: it is shown as it is, or saved. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

/**
 * `GET /attachments/:id?signed_context=…`: the file, to its uploader only (same identity and
 * channel; 403 otherwise, 404 when unknown or its conversation was deleted), with its sniffed
 * type, `Content-Disposition`, `nosniff` and a CSP that lets nothing run.
 */
export function downloadRoute(api: PluginApi, files: FileStore): ChatbotRoute {
  return {
    name: 'chatbot.attachments.show',
    method: 'GET',
    path: '/attachments/:id',
    stateful: true,
    prepare: (event) => prepareRequestEnvelope((token) => api.verifyRequestEnvelope(token), event, getQuery(event).signed_context, 'query parameter'),
    async handler(event: H3Event) {
      const envelope = getRequestEnvelope(event)!
      const id = (getRouterParam(event, 'id', { decode: true }) ?? '').toLowerCase()
      const [row] = isUuid(id) ? await findAttachments(api.storage.db, [id]) : []
      const notFound = new ChatbotAttachmentException('attachment_not_found', 'No attachment has that id.')
      if (!row || isOrphan(row)) throw notFound
      if (!isOwnedBy(row, envelope)) throw new ChatbotForbiddenException('This attachment is not yours.')
      const stored = await (await files()).getItemRaw<ArrayBuffer | Uint8Array>(row.public_id)
      if (!stored) throw notFound
      // Drivers differ: a Buffer (fs, memory), an ArrayBuffer or a Uint8Array (object stores).
      const bytes = new Uint8Array(stored)
      const type = row.type.startsWith('text/') ? `${row.type}; charset=utf-8` : row.type
      return new Response(bytes, {
        headers: {
          'content-type': type,
          'content-length': String(bytes.byteLength),
          'content-disposition': contentDisposition(INLINE.has(row.type) ? 'inline' : 'attachment', row.name),
          'content-security-policy': FILE_CSP,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        },
      })
    },
  }
}
