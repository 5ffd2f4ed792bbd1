import type { ProviderError } from './error.js'
import type { ProviderEndpoint } from './endpoint.js'
import { networkReason } from './failures.js'

/**
 * The likely fix for a failed provider request, for its log line: the mistakes a first set-up
 * makes (a base URL without `/v1`, a server not started, a misspelled host). `undefined` when
 * the failure suggests none.
 */
export function failureHint(failure: ProviderError, endpoint: ProviderEndpoint): string | undefined {
  if (failure.kind === 'status' && failure.status === 404 && !hasVersionSegment(endpoint.shownBase)) {
    return `Did you mean ${endpoint.shownBase}/v1? OpenAI-compatible servers serve the API under a version path, and baseUrl has none.`
  }
  if (failure.kind !== 'network') return undefined
  const reason = networkReason(failure.cause)
  if (reason === 'ECONNREFUSED') return `Nothing accepts connections at ${endpoint.host}: is the server running, and are the host and port in baseUrl right?`
  if (reason === 'ENOTFOUND' || reason === 'EAI_AGAIN') return `The host of ${endpoint.host} does not resolve: check baseUrl.`
  return undefined
}

/** `/v1`, `/api/v1`, `/v1beta/openai`: a path segment naming an API version. */
function hasVersionSegment(base: string): boolean {
  return new URL(base).pathname.split('/').some((segment) => /^v\d+/i.test(segment))
}
