import type { Readable } from 'node:stream'
import type { Busboy as BusboyFactory, BusboyFileStream } from '@fastify/busboy'
import { ChatbotInvalidEnvelopeException, ChatbotRequestTimeoutException, type EnvelopePayload } from '@chatbot-kit/kernel'
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

export interface UploadRules {
  /** Verifies `signed_context` (403 when bad). */
  verify(token: unknown): EnvelopePayload
  /** The channel's attachment settings; refuses (403 `attachments_disabled`) before a file byte is kept. */
  admit(envelope: EnvelopePayload): AttachmentSettings
}

/** The whole upload must arrive within this long: a trickled body holds a socket. */
const UPLOAD_DEADLINE_MS = 60_000

/** The body read up to `signed_context`, paused there. */
export interface Opened {
  envelope: EnvelopePayload
  settings: AttachmentSettings
  /** Resumes the body and resolves once it is read whole. */
  file(): Promise<Upload>
  /** Ends the read where it stands: nothing more reaches the parser. */
  stop(): void
}

/**
 * Pipes `source` into busboy and resolves once `signed_context` is verified and admitted, the
 * body unpiped there: until `file()` pipes it again, only what busboy already has (the rest of
 * one chunk) is read. A refusal before that rejects; one after it rejects `file()`.
 */
export function parseUpload(Busboy: typeof BusboyFactory, source: Readable, contentType: string, rules: UploadRules): Promise<Opened> {
  return new Promise<Opened>((resolveOpen, rejectOpen) => {
    let envelope: EnvelopePayload | undefined
    let settings: AttachmentSettings | undefined
    let upload: Upload | undefined
    let opened = false
    let settled = false
    let resolveFile!: (upload: Upload) => void
    let rejectFile!: (error: unknown) => void
    const read = new Promise<Upload>((resolve, reject) => ([resolveFile, rejectFile] = [resolve, reject]))
    // A dropped upload's read is never awaited.
    read.catch(() => {})
    const malformed = (problem: string, field = 'body') => new ChatbotAttachmentException('invalid_attachment_upload', `Invalid upload: ${problem}.`, { [field]: problem })
    let parser: ReturnType<typeof BusboyFactory>
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 4, parts: 5, fieldSize: 16 * 1024, fileSize: MAX_FILE_BYTES + 1 } })
    } catch {
      // No boundary, or one busboy cannot use.
      return rejectOpen(malformed('the multipart Content-Type has no usable boundary', 'content-type'))
    }
    const timer = setTimeout(() => fail(new ChatbotRequestTimeoutException(UPLOAD_DEADLINE_MS / 1000)), UPLOAD_DEADLINE_MS)
    function stop() {
      settled = true
      clearTimeout(timer)
      source.unpipe(parser)
    }
    function fail(error: unknown) {
      if (settled) return
      stop()
      if (opened) rejectFile(error)
      else rejectOpen(error)
    }
    parser.on('field', (name: string, value: string) => {
      if (name !== 'signed_context' || settled) return
      if (envelope) return fail(malformed('signed_context is given twice', 'signed_context'))
      try {
        envelope = rules.verify(value)
        settings = rules.admit(envelope)
      } catch (error) {
        return fail(error)
      }
      // Paused until the handler asks for the file: what the parser already has is all that is held.
      source.unpipe(parser)
      opened = true
      resolveOpen({
        envelope,
        settings,
        file() {
          if (!settled) source.pipe(parser)
          return read
        },
        stop: () => void (settled || stop()),
      })
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
      resolveFile(upload)
    })
    source.on('error', () => fail(malformed('the body broke off')))
    source.pipe(parser)
  })
}

