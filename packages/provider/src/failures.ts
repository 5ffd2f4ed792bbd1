import { ProviderError } from './error.js'
import { isRetryableProviderFailure } from './retry-rule.js'

/*
 * Each failure has two texts. The message is ours and reaches the end user in the `error` event;
 * the detail keeps what the provider said (an error body, a broken line), which can name internal
 * hosts or account ids, and goes to the server log and to hooks only.
 */
const UNAVAILABLE = 'The AI provider is unavailable right now. Please try again.'
const BROKE_OFF = 'The AI provider stopped answering mid-way. Please try again.'
const UNREADABLE = 'The AI provider sent an answer that could not be read.'

/** How much of a provider's text a detail keeps. */
const EXCERPT_LENGTH = 500

/** The request never got a response: connection refused, reset, DNS, TLS. `host` is `host:port`. */
export function networkFailure(error: unknown, host: string): ProviderError {
  // ofetch's FetchError exposes the request options (headers with the API key): keep only its cause.
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error
  return new ProviderError(UNAVAILABLE, { kind: 'network', cause, detail: `Could not reach the provider at ${host} (${networkReason(cause)}).` })
}

/**
 * No byte of an answer within `provider.firstByteTimeout`: the provider took the request and went
 * silent, before its headers (`status` unset) or after them. Retryable, as no response is.
 */
export function firstByteFailure(host: string, seconds: number, status?: number): ProviderError {
  return new ProviderError(UNAVAILABLE, { kind: 'network', detail: `${silence(host, seconds, status)} (provider.firstByteTimeout).` })
}

/** What a provider that went silent did: nothing at all, or its headers only. */
export function silence(host: string, seconds: number, status?: number): string {
  const what = status === undefined ? 'sent no answer' : `answered HTTP ${status}, then sent no byte of its body`
  return `The provider at ${host} ${what} in ${seconds} s`
}

/** The provider answered with a non-2xx status; the detail keeps its error message or body, the API key never. */
export function statusFailure(status: number, statusText: string, body: string, apiKey: string | undefined): ProviderError {
  const said = providerMessage(body) ?? excerpt(body)
  const suffix = said ? `: ${said}` : statusText ? ` ${statusText}` : ''
  const detail = redact(`The provider answered ${status}${suffix}${/[.!?]$/.test(suffix) ? '' : '.'}`, apiKey)
  return new ProviderError(statusMessage(status), { kind: 'status', status, detail })
}

/**
 * A 200 that is not an event stream (a proxy's HTML page, a JSON body, an OpenAI error object):
 * asking again would get the same, so it is final.
 */
export function notEventStreamFailure(contentType: string, body: string, apiKey: string | undefined): ProviderError {
  const type = mediaType(contentType)
  const said = providerMessage(body) ?? excerpt(body)
  const detail = redact(`The provider answered 200 with ${type} instead of text/event-stream${said ? `: ${said}` : ''}.`, apiKey)
  return new ProviderError(`The AI provider answered with ${type} instead of an event stream.`, { kind: 'malformed', detail })
}

/** The body broke off (socket reset, chunked encoding cut) after the 200. */
export function cutFailure(cause: unknown): ProviderError {
  return new ProviderError(BROKE_OFF, { kind: 'cut', cause, detail: 'The provider stream broke off mid-way.' })
}

/** The body ended cleanly, but before `[DONE]` or a finish reason. */
export function endedEarlyFailure(): ProviderError {
  return new ProviderError(BROKE_OFF, { kind: 'cut', detail: 'The provider stream ended before the reply was complete.' })
}

/** A `data:` payload that is not a JSON object. */
export function malformedFailure(payload: string, cause?: unknown): ProviderError {
  return new ProviderError(UNREADABLE, { kind: 'malformed', cause, detail: `The provider sent an unparsable event: ${excerpt(payload, 80)}` })
}

/** A line longer than the decoder holds; the request is aborted rather than buffered further. */
export function lineTooLongFailure(limit: number): ProviderError {
  return new ProviderError(UNREADABLE, {
    kind: 'malformed',
    detail: `The provider sent a line of more than ${limit} bytes; the request was aborted.`,
  })
}

/** Some providers report a failure inside the stream, after the 200 went out. */
export function streamedErrorFailure(error: string | { message?: unknown; code?: unknown }): ProviderError {
  const { message, code } = typeof error === 'string' ? { message: error, code: undefined } : error
  const detail = `The provider failed mid-stream: ${typeof message === 'string' ? excerpt(message) : 'no message'}`
  return typeof code === 'number' && code >= 400 && code < 600
    ? new ProviderError(statusMessage(code), { kind: 'status', status: code, detail })
    : new ProviderError(BROKE_OFF, { kind: 'cut', detail })
}

/** A retryable status reads as "try again", any other as a refusal; the status alone is safe to show. */
function statusMessage(status: number): string {
  if (status === 429) return `The AI provider is busy right now (HTTP 429). Please try again.`
  if (isRetryableProviderFailure('status', status)) return `The AI provider is unavailable right now (HTTP ${status}). Please try again.`
  return `The AI provider rejected the request (HTTP ${status}).`
}

/** `text/html` from `text/html; charset=utf-8`; anything odd is not echoed. */
function mediaType(contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(type) ? type : 'an unknown content type'
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
  const found = typeof error === 'string' ? error : ((error as { message?: unknown } | undefined)?.message ?? message)
  return typeof found === 'string' && found !== '' ? excerpt(found) : undefined
}

/** One line of at most `length` characters, for a log. */
function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > length ? `${line.slice(0, length)}…` : line
}

function redact(text: string, apiKey: string | undefined): string {
  return apiKey ? text.replaceAll(apiKey, '[redacted]') : text
}

/** `ECONNREFUSED`, `ECONNRESET`, … from the cause chain of a fetch failure, else its deepest message. */
export function networkReason(error: unknown): string {
  let reason = String(error)
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    reason = current.message
  }
  return reason
}
