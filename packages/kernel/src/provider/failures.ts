import { ChatbotProviderException } from '../errors/index.js'

/** The request never got a response: connection refused, reset, DNS, TLS. */
export function networkFailure(error: unknown): ChatbotProviderException {
  // ofetch's FetchError exposes the request options (headers with the API key): keep only its cause.
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error
  return new ChatbotProviderException(`Could not reach the provider (${networkReason(cause)}).`, { kind: 'network', cause })
}

/** The provider answered with a non-2xx status; its JSON error message is kept, the API key never. */
export function statusFailure(status: number, statusText: string, body: string, apiKey: string | undefined): ChatbotProviderException {
  const detail = providerMessage(body)
  const suffix = detail ? `: ${detail}` : statusText ? ` ${statusText}` : ''
  let message = `The provider answered ${status}${suffix}.`
  if (apiKey) message = message.replaceAll(apiKey, '[redacted]')
  return new ChatbotProviderException(message, { kind: 'status', status })
}

/** The body broke off (socket reset, chunked encoding cut) after the 200. */
export function cutFailure(cause: unknown): ChatbotProviderException {
  return new ChatbotProviderException('The provider stream broke off mid-way.', { kind: 'cut', cause })
}

/** `{ error: { message } }` (OpenAI), `{ error: "…" }` or `{ message }`, else nothing. */
function providerMessage(body: string): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { error, message } = parsed as { error?: unknown; message?: unknown }
  const found = typeof error === 'string' ? error : (error as { message?: unknown } | undefined)?.message ?? message
  return typeof found === 'string' && found !== '' ? found.slice(0, 500) : undefined
}

/** `ECONNREFUSED`, `ECONNRESET`, … from the cause chain of a fetch failure, else its deepest message. */
function networkReason(error: unknown): string {
  let reason = String(error)
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    reason = current.message
  }
  return reason
}
