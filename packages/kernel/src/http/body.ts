import type { IncomingMessage, ServerResponse } from 'node:http'
import type { H3Event } from 'h3'
import { ChatbotPayloadTooLargeException, ChatbotValidationException } from '../errors/index.js'
import { readCapped } from './read-capped.js'

export const BODY_LIMIT_BYTES = 64 * 1024

/**
 * Reads a JSON object body of at most `limit` bytes: a declared or actual size over it is 413,
 * without buffering more than the limit; anything but a JSON object is 422.
 */
export async function readJsonObject(event: H3Event, limit = BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const declared = Number(event.req.headers.get('content-length') ?? Number.NaN)
  if (declared > limit) throw new ChatbotPayloadTooLargeException(limit)
  const node = event.runtime?.node as { req?: IncomingMessage; res?: ServerResponse } | undefined
  // On Node's server the body is read from the socket stream itself, not through a web stream.
  const text = node?.req && !event.req.bodyUsed && !('rawBody' in node.req) ? await readNodeLimited(node.req, node.res, limit) : await readLimited(event.req.body, limit)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatbotValidationException('The request body is not valid JSON.', { body: 'must be a JSON object' }, 'invalid_json')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ChatbotValidationException('The request body must be a JSON object.', { body: 'must be a JSON object' }, 'invalid_json')
  }
  return parsed as Record<string, unknown>
}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return ''
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw new ChatbotPayloadTooLargeException(limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function readNodeLimited(req: IncomingMessage, res: ServerResponse | undefined, limit: number): Promise<string> {
  const bytes = await readCapped(req, limit)
  if (bytes) return bytes.toString('utf8')
  // The rest is drained unread and the connection closes after the 413 goes out.
  if (res) res.shouldKeepAlive = false
  throw new ChatbotPayloadTooLargeException(limit)
}
