import type { AttachmentSummary } from '../api/requests.js'

export interface UploadOptions {
  endpoint: string
  token: string
  csrfToken: string | null
  file: File
  /** The share of the file sent so far, 0 to 1. */
  onProgress: (share: number) => void
}

/** A failed upload: the server's error message, or `null` when no answer came (the network). */
export class UploadFailure extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'upload failed')
  }
}

/**
 * `POST attachments` as multipart, the envelope before the file (the server reads the channel's
 * limits from it before the first byte). XMLHttpRequest rather than fetch: only it reports how
 * much of a request body has gone out.
 */
export function uploadFile(options: UploadOptions): { done: Promise<AttachmentSummary>; abort: () => void } {
  const request = new XMLHttpRequest()
  const done = new Promise<AttachmentSummary>((resolve, reject) => {
    request.open('POST', new URL('attachments', options.endpoint).href)
    request.setRequestHeader('Accept', 'application/json')
    if (options.csrfToken) request.setRequestHeader('X-CSRF-TOKEN', options.csrfToken)
    request.responseType = 'json'
    request.upload.onprogress = (event) => event.lengthComputable && options.onProgress(event.loaded / event.total)
    request.onload = () => {
      const body = request.response as (AttachmentSummary & { error?: { message?: string } }) | null
      if (request.status === 201 && typeof body?.id === 'string') resolve(body)
      else reject(new UploadFailure(typeof body?.error?.message === 'string' ? body.error.message : null))
    }
    request.onerror = () => reject(new UploadFailure(null))
    request.onabort = () => reject(new UploadFailure(null))
    const form = new FormData()
    form.append('signed_context', options.token)
    form.append('file', options.file)
    request.send(form)
  })
  return { done, abort: () => request.abort() }
}

/** `attachments/{id}` with the envelope: the file, served only to whoever sent it. */
export function attachmentUrl(endpoint: string, token: string, id: string): string {
  const url = new URL(`attachments/${encodeURIComponent(id)}`, endpoint)
  url.searchParams.set('signed_context', token)
  return url.href
}

/** A file's size, its number in the page's language and an SI symbol: `512 B`, `48 kB`, `1.2 MB`. */
export function formatSize(bytes: number, lang: string): string {
  const [value, unit] = bytes < 1000 ? [bytes, 'B'] : bytes < 1_000_000 ? [bytes / 1000, 'kB'] : [bytes / 1_000_000, 'MB']
  return `${new Intl.NumberFormat(lang || undefined, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ${unit}`
}
