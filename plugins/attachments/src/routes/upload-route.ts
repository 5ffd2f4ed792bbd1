import { randomUUID } from 'node:crypto'
import type { ChatbotRoute, PluginApi } from '@chatbot-kit/kernel'
import { setRequestEnvelope, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { H3Event } from 'h3'
import type { FileStore } from '../storage/file-store.js'
import { ChatbotAttachmentException } from '../errors.js'
import { settingsOf } from '../settings.js'
import { insertAttachment, ownerOf } from '../storage/attachments.repository.js'
import { checkUpload } from '../upload/check-upload.js'
import { readUpload, type Upload } from '../upload/read-upload.js'
import { cleanName } from './file-name.js'

const UPLOAD = Symbol('chatbot.attachment-upload')

/**
 * `POST /attachments` (multipart: `signed_context`, then `file`): checks the file (size, sniffed
 * type, image header) and stores it, file first, then its row; a failure between removes the
 * file, so nothing is stored half-way. 201 `{ id, name, type, size }`. In the route-middleware
 * group, as posting a message is (CSRF, the guest cookie). Contract §11.4.
 */
export function uploadRoute(api: PluginApi, files: FileStore): ChatbotRoute {
  return {
    name: 'chatbot.attachments.store',
    method: 'POST',
    path: '/attachments',
    stateful: true,
    async prepare(event) {
      const upload = await readUpload(event, {
        verify: (token) => api.verifyRequestEnvelope(token),
        admit(envelope) {
          const settings = settingsOf(api, envelope.channel)
          if (!settings.enabled) throw new ChatbotAttachmentException('attachments_disabled', `The channel "${envelope.channel}" does not take attachments.`)
          return settings
        },
      })
      setRequestEnvelope(event, upload.envelope)
      ;(event.context as Record<symbol, Upload>)[UPLOAD] = upload
      return upload.envelope.channel
    },
    async handler(event: H3Event) {
      const upload = (event.context as Record<symbol, Upload>)[UPLOAD]!
      const { type, image } = await checkUpload(upload)
      const id = randomUUID()
      const name = cleanName(upload.name)
      await (await files()).setItemRaw(id, upload.bytes)
      try {
        await insertAttachment(api.storage.db, {
          public_id: id,
          channel: upload.envelope.channel,
          ...ownerOf(upload.envelope),
          name,
          type,
          size: upload.bytes.length,
          width: image?.width ?? null,
          height: image?.height ?? null,
          conversation_id: null,
          message_id: null,
          used_at: null,
          created_at: toStoredTimestamp(new Date()),
        })
      } catch (error) {
        await (await files()).removeItem(id).catch((cause: unknown) => api.logger.warn(`Could not remove the file of a failed upload (${id}):`, cause))
        throw error
      }
      const body = { id, name, type, size: upload.bytes.length }
      return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })
    },
  }
}
