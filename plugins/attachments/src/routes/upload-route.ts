import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { ChatbotRoute, PluginApi, RefusalContext } from '@chatbot-kit/kernel'
import { setRequestEnvelope, toStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import type { H3Event } from 'h3'
import type { FileStore } from '../storage/file-store.js'
import { ChatbotAttachmentException } from '../errors.js'
import { settingsOf } from '../settings.js'
import { insertAttachment, ownerOf } from '../storage/attachments.repository.js'
import { checkUpload } from '../upload/check-upload.js'
import { openUpload, type OpenedUpload } from '../upload/read-upload.js'
import { cleanName } from './file-name.js'

const UPLOAD_ROUTE = 'chatbot.attachments.store'
const UPLOAD = Symbol('chatbot.attachment-upload')

/** The upload `prepare` opened, its file not read yet. */
const openedUpload = (event: H3Event) => (event.context as Record<symbol, OpenedUpload | undefined>)[UPLOAD]

/**
 * `POST /attachments` (multipart: `signed_context`, then `file`): `prepare` reads up to the
 * envelope; the handler, past the throttle and the route middleware (CSRF, the guest cookie),
 * reads the file, checks it (size, sniffed type, image header) and stores it, file first, then
 * its row; a failure between removes the file, so nothing is stored half-way. A refused request's
 * file is dropped unread (`dropRefusedUpload`). 201 `{ id, name, type, size }`. Contract §11.4.
 */
export function uploadRoute(api: PluginApi, files: FileStore): ChatbotRoute {
  return {
    name: UPLOAD_ROUTE,
    method: 'POST',
    path: '/attachments',
    stateful: true,
    async prepare(event) {
      const opened = await openUpload(event, {
        verify: (token) => api.verifyRequestEnvelope(token),
        admit(envelope) {
          const settings = settingsOf(api, envelope.channel)
          if (!settings.enabled) throw new ChatbotAttachmentException('attachments_disabled', `The channel "${envelope.channel}" does not take attachments.`)
          return settings
        },
      })
      setRequestEnvelope(event, opened.envelope)
      ;(event.context as Record<symbol, OpenedUpload>)[UPLOAD] = opened
      // Answered without the handler (a middleware's own response, a client gone): the file is never kept.
      ;(event.runtime?.node as { res?: ServerResponse } | undefined)?.res?.once('close', opened.drop)
      return opened.envelope.channel
    },
    async handler(event: H3Event) {
      const upload = await openedUpload(event)!.readFile()
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

/** `request:refused`: a throttled or middleware-refused upload's file is read and dropped, never kept. */
export function dropRefusedUpload({ event, route }: RefusalContext): void {
  if (route === UPLOAD_ROUTE) openedUpload(event)?.drop()
}
