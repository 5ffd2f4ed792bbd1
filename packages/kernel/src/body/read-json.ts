import type { IncomingMessage, ServerResponse } from 'node:http'
import type { H3Event } from 'h3'
import {
  ChatbotClientClosedException,
  ChatbotException,
  ChatbotPayloadTooLargeException,
  ChatbotRequestTimeoutException,
  ChatbotUnsupportedMediaTypeException,
  ChatbotValidationException,
} from '../errors/index.js'
import { discardBody, readWebBody } from '@chatbot-kit/http'
import { readCapped } from '@chatbot-kit/provider'

export const BODY_LIMIT_BYTES = 64 * 1024
/** The whole body must arrive within this long once the route reads it: a trickled body holds a socket. */
export const BODY_DEADLINE_MS = 10_000

// `application/json` or a `+json` type, any parameters; a missing type is refused like `text/plain`,
// the type a cross-site page can send without a CORS preflight.
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

type NodePair = { req?: IncomingMessage; res?: ServerResponse } | undefined

/**
 * Reads a JSON object body of at most `limit` bytes, declared as JSON (415 otherwise), arriving
 * within `deadlineMs` (408): a declared or actual size over the limit is 413, without buffering
 * more than the limit; anything but a JSON object is 422. A client that goes away mid-body is
 * `client_closed`, which nobody is left to read and nothing logs.
 */
export async function readJsonObject(event: H3Event, limit = BODY_LIMIT_BYTES, deadlineMs = BODY_DEADLINE_MS): Promise<Record<string, unknown>> {
  const node = event.runtime?.node as NodePair
  if (!JSON_TYPE.test(event.req.headers.get('content-type') ?? '')) refuse(node, new ChatbotUnsupportedMediaTypeException())
  const declared = Number(event.req.headers.get('content-length') ?? Number.NaN)
  if (declared > limit) refuse(node, new ChatbotPayloadTooLargeException(limit))
  const text = await readText(event, node, limit, deadlineMs)
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

async function readText(event: H3Event, node: NodePair, limit: number, deadlineMs: number): Promise<string> {
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new ChatbotRequestTimeoutException(deadlineMs / 1000)), deadlineMs)
  try {
    // On Node's server the body is read from the socket stream itself, not through a web stream.
    const fromNode = node?.req && !event.req.bodyUsed && !('rawBody' in node.req)
    const bytes = fromNode ? await readCapped(node.req!, limit, deadline.signal) : await readWebBody(event.req.body, limit, deadline.signal)
    if (!bytes) refuse(node, new ChatbotPayloadTooLargeException(limit))
    return bytes.toString('utf8')
  } catch (error) {
    if (ChatbotException.isInstance(error)) refuse(node, error)
    // A reset or an early close mid-body: the client is gone, which is no server fault.
    throw new ChatbotClientClosedException()
  } finally {
    clearTimeout(timer)
  }
}

function refuse(node: NodePair, error: ChatbotException): never {
  // A body too slow for the deadline is not waited for again: its connection closes after the answer.
  if (error instanceof ChatbotRequestTimeoutException) {
    if (node?.res) node.res.shouldKeepAlive = false
  } else if (node?.req && !node.req.complete && !node.req.destroyed) discardBody(node.req)
  throw error
}
