import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { ChatbotUnsupportedMediaTypeException, type EnvelopePayload } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import type { AttachmentSettings } from '../options.js'
import { parseUpload, type Upload, type UploadRules } from './parse-upload.js'

/** An upload read up to its verified `signed_context`: the body is paused before the file part. */
export interface OpenedUpload {
  envelope: EnvelopePayload
  settings: AttachmentSettings
  /** Reads the rest of the body, the file part (413 past `maxBytes`, 422 malformed, 408 late). */
  readFile(): Promise<Upload>
  /** The request was answered without the file (throttle, route middleware): the rest is read and dropped. */
  drop(): void
}

const MULTIPART = /^multipart\/form-data\s*;/i

/**
 * Reads `multipart/form-data` as it streams, up to `signed_context`, which must come before
 * `file`: the channel (and its `maxBytes`) is known, and the throttle and route middleware can
 * refuse, before the file is read. `readFile` then holds no more than `maxBytes`; the byte after
 * it ends the read with 413. A truncated or malformed body is 422, a missing `signed_context` 403.
 */
export async function openUpload(event: H3Event, rules: UploadRules): Promise<OpenedUpload> {
  const contentType = event.req.headers.get('content-type') ?? ''
  const req = (event.runtime?.node as { req?: IncomingMessage } | undefined)?.req
  if (!MULTIPART.test(contentType)) return refuse(req, new ChatbotUnsupportedMediaTypeException())
  const source = req && !event.req.bodyUsed ? req : Readable.fromWeb((event.req.body ?? new Blob([]).stream()) as never)
  try {
    // Loaded with the first upload, as file-type is.
    const { Busboy } = await import('@fastify/busboy')
    const opened = await parseUpload(Busboy, source, contentType, rules)
    let claimed = false
    return {
      envelope: opened.envelope,
      settings: opened.settings,
      readFile() {
        claimed = true
        return opened.file().catch((error: unknown) => refuse(req, error))
      },
      drop() {
        if (claimed) return
        claimed = true
        opened.stop()
        if (req) void discard(req)
        else source.destroy()
      },
    }
  } catch (error) {
    return refuse(req, error)
  }
}

async function refuse(req: IncomingMessage | undefined, error: unknown): Promise<never> {
  if (req) await discard(req)
  throw error
}

async function discard(req: IncomingMessage): Promise<void> {
  // What is left of a refused body is read and dropped (up to a limit), so the answer reaches the client.
  if (!req.complete && !req.destroyed) (await import('@chatbot-kit/http')).discardBody(req)
}
