import type { ChatbotException } from '../errors/index.js'

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
