import { CONTENT_CODINGS, pickContentCoding, type ContentCoding } from './content-coding.js'
import { contentHash, matchesEtag } from './etag.js'

/** A file's bytes, and the same bytes precompressed at build time (each optional). */
export interface EncodedFiles {
  identity: Uint8Array
  gzip?: Uint8Array
  br?: Uint8Array
}

export interface StaticAssetOptions {
  /** `Content-Type` of the file itself, whatever the coding. */
  type: string
  cacheControl: string
  /** Added to every answer, a 304 included (the console's CSP). */
  headers?: Readonly<Record<string, string>>
}

/** A static file served in the coding the browser accepts, with a 304 for a tag it already has. */
export interface StaticAsset {
  respond(request: { headers: Headers }): Response
}

/**
 * The one way chatbot-kit serves a static file (`widget.js`, the console's assets): brotli, gzip
 * or identity as `Accept-Encoding` asks (`pickContentCoding`), with `Vary: Accept-Encoding`, the
 * length of the bytes sent, and an ETag per coding (the same tag for two codings would let a cache
 * answer a gzip request with brotli bytes). `If-None-Match` with the chosen coding's tag gets 304.
 */
export function createStaticAsset(files: EncodedFiles, options: StaticAssetOptions): StaticAsset {
  const hash = contentHash(files.identity)
  const variants = new Map<ContentCoding, { body: Uint8Array; etag: string }>()
  for (const coding of CONTENT_CODINGS) {
    const body = files[coding]
    if (body) variants.set(coding, { body, etag: coding === 'identity' ? `"${hash}"` : `"${hash}-${coding}"` })
  }
  const available = [...variants.keys()]
  return {
    respond(request) {
      const coding = pickContentCoding(request.headers.get('accept-encoding'), available)
      const { body, etag } = variants.get(coding)!
      const headers: Record<string, string> = { ...options.headers, 'cache-control': options.cacheControl, etag, vary: 'accept-encoding' }
      if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
      headers['content-type'] = options.type
      headers['content-length'] = String(body.byteLength)
      if (coding !== 'identity') headers['content-encoding'] = coding
      return new Response(body as BodyInit, { headers })
    },
  }
}
