import { request, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

/** An answer as it came over the wire: the body still in its `Content-Encoding`. */
export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * A request over `node:http` that leaves the body as the server sent it (`fetch` decodes gzip and
 * brotli and hides what travelled), and sends only the headers given: no `Accept-Encoding` unless
 * the caller sets one.
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** The body of `response` decoded from its `Content-Encoding` (brotli, gzip or none); any other coding throws. */
export function decodeBody(response: RawResponse): Buffer {
  const coding = response.headers['content-encoding']
  if (coding === undefined) return response.body
  if (coding === 'br') return brotliDecompressSync(response.body)
  if (coding === 'gzip') return gunzipSync(response.body)
  throw new Error(`unexpected Content-Encoding: ${coding}`)
}
