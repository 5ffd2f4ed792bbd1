import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { Busboy as BusboyFactory, BusboyFileStream } from '@fastify/busboy'
import { ChatbotInvalidEnvelopeException, ChatbotRequestTimeoutException, ChatbotUnsupportedMediaTypeException, type EnvelopePayload } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import { ChatbotAttachmentException } from '../errors.js'
import { MAX_FILE_BYTES, type AttachmentSettings } from '../options.js'

/** One file part as it arrived, with the envelope and channel settings that let it in. */
export interface Upload {
  envelope: EnvelopePayload
  settings: AttachmentSettings
  name: string
  /** The part's own `Content-Type`, lower case, parameters dropped; `''` when absent. */
  declaredType: string
  bytes: Buffer
}

/** The whole upload must arrive within this long: a trickled body holds a socket. */
const UPLOAD_DEADLINE_MS = 60_000
const MULTIPART = /^multipart\/form-data\s*;/i

export interface UploadRules {
  /** Verifies `signed_context` (403 when bad). */
  verify(token: unknown): EnvelopePayload
  /** The channel's attachment settings; refuses (403 `attachments_disabled`) before a file byte is kept. */
  admit(envelope: EnvelopePayload): AttachmentSettings
}

/**
 * Reads `multipart/form-data` as it streams: `signed_context` must come before `file`, so the
 * channel (and its `maxBytes`) is known before the file's first byte; no more than `maxBytes`
 * is ever held, and the byte after it ends the read with 413. A truncated or malformed body is
 * 422, a missing `signed_context` 403.
 */
export async function readUpload(event: H3Event, rules: UploadRules): Promise<Upload> {
  const contentType = event.req.headers.get('content-type') ?? ''
  const req = (event.runtime?.node as { req?: IncomingMessage } | undefined)?.req
  if (!MULTIPART.test(contentType)) return refuse(req, new ChatbotUnsupportedMediaTypeException())
  const source = req && !event.req.bodyUsed ? req : Readable.fromWeb((event.req.body ?? new Blob([]).stream()) as never)
  try {
    // Loaded with the first upload, as file-type is.
    const { Busboy } = await import('@fastify/busboy')
    return await parse(Busboy, source, contentType, rules)
  } catch (error) {
    return refuse(req, error)
  }
}

function parse(Busboy: typeof BusboyFactory, source: Readable, contentType: string, rules: UploadRules): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    let envelope: EnvelopePayload | undefined
    let settings: AttachmentSettings | undefined
    let upload: Upload | undefined
    let settled = false
    const malformed = (problem: string, field = 'body') => new ChatbotAttachmentException('invalid_attachment_upload', `Invalid upload: ${problem}.`, { [field]: problem })
    let parser: ReturnType<typeof BusboyFactory>
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 4, parts: 5, fieldSize: 16 * 1024, fileSize: MAX_FILE_BYTES + 1 } })
    } catch {
      // No boundary, or one busboy cannot use.
      return reject(malformed('the multipart Content-Type has no usable boundary', 'content-type'))
    }
    const timer = setTimeout(() => fail(new ChatbotRequestTimeoutException(UPLOAD_DEADLINE_MS / 1000)), UPLOAD_DEADLINE_MS)
    function fail(error: unknown) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      source.unpipe(parser)
      reject(error)
    }
    parser.on('field', (name: string, value: string) => {
      if (name !== 'signed_context' || settled) return
      try {
        envelope = rules.verify(value)
        settings = rules.admit(envelope)
      } catch (error) {
        fail(error)
      }
    })
    parser.on('file', (name: string, stream: BusboyFileStream, filename: string, _encoding: string, mimeType: string) => {
      if (settled) return void stream.resume()
      if (name !== 'file') return fail(malformed('the only file field is "file"', name))
      if (!envelope || !settings) return fail(new ChatbotInvalidEnvelopeException('The signed_context field is missing: it must come before file.'))
      const limit = settings.maxBytes
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        if (settled) return
        size += chunk.length
        if (size > limit) return fail(new ChatbotAttachmentException('attachment_too_large', `The file is larger than ${limit} bytes.`))
        chunks.push(chunk)
      })
      stream.on('error', () => fail(malformed('the multipart body is malformed or cut short')))
      stream.on('end', () => {
        upload = { envelope: envelope!, settings: settings!, name: filename ?? '', declaredType: (mimeType ?? '').split(';')[0]!.trim().toLowerCase(), bytes: Buffer.concat(chunks, size) }
      })
    })
    parser.on('error', () => fail(malformed('the multipart body is malformed or cut short')))
    parser.on('finish', () => {
      if (settled) return
      if (!envelope) return fail(new ChatbotInvalidEnvelopeException('The signed_context field is missing.'))
      if (!upload) return fail(malformed('the file field is missing', 'file'))
      settled = true
      clearTimeout(timer)
      resolve(upload)
    })
    source.on('error', () => fail(malformed('the body broke off')))
    source.pipe(parser)
  })
}

async function refuse(req: IncomingMessage | undefined, error: unknown): Promise<never> {
  // What is left of a refused body is read and dropped (up to a limit), so the answer reaches the client.
  if (req && !req.complete && !req.destroyed) (await import('@chatbot-kit/http')).discardBody(req)
  throw error
}
