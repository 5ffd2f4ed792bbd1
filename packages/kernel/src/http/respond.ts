import type { ConsolaInstance } from 'consola'
import { ChatbotException, ChatbotInternalException } from '../errors/index.js'
import { asDatabaseUnavailable } from '../storage/database/connection-failure.js'

/** Any thrown value as a typed error; unknown ones become `internal_error` and are logged. */
export function toChatbotException(error: unknown, logger?: ConsolaInstance): ChatbotException {
  if (ChatbotException.isInstance(error)) return error
  // A database that is away or locked is a retryable 503, not a bug: a warning, not an error.
  const unavailable = asDatabaseUnavailable(error)
  if (unavailable) {
    logger?.warn(`${unavailable.message} (${error instanceof Error ? error.message : String(error)})`)
    return unavailable
  }
  logger?.error(error)
  return new ChatbotInternalException(error)
}

/** On every chatbot response: a browser never sniffs a JSON error or a stream into script or HTML. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff' }

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS, ...headers },
  })
}

/**
 * The contract's error body `{ error: { code, message, fields? } }` with the error's status.
 * With `debug` (`chatbot dev` only) an internal error adds `debug: { message, stack }` of its cause.
 */
export function errorResponse(error: ChatbotException, debug = false): Response {
  const body = error.toJSON()
  if (debug && error.status >= 500 && error.cause instanceof Error) {
    return json({ error: { ...body.error, debug: { message: error.cause.message, stack: error.cause.stack } } }, error.status, error.headers)
  }
  return json(body, error.status, error.headers)
}
