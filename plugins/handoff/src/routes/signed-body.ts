import { ChatbotPayloadTooLargeException } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'

const LIMIT_BYTES = 64 * 1024

/** The raw body, as signed (the signature covers these exact bytes); over 64 KiB is 413. */
export async function readSignedBody(event: H3Event): Promise<string> {
  if (Number(event.req.headers.get('content-length') ?? 0) > LIMIT_BYTES) throw new ChatbotPayloadTooLargeException(LIMIT_BYTES)
  const bytes = new Uint8Array(await event.req.arrayBuffer())
  if (bytes.byteLength > LIMIT_BYTES) throw new ChatbotPayloadTooLargeException(LIMIT_BYTES)
  return new TextDecoder().decode(bytes)
}
