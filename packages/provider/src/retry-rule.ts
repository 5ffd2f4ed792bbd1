/** What went wrong: no response, an HTTP status, a body that broke off, or one that could not be read. */
export type ProviderFailureKind = 'network' | 'status' | 'cut' | 'malformed'

/**
 * The one rule for provider failures: whether sending the same request again may succeed. It
 * decides both what the retry loop sends again (before the first delta) and the `retryable` flag
 * the browser is told. A 408, 409, 429 or any 5xx (also as an error object inside a 200's
 * stream), no response at all, or a body that broke off may pass on a second try; other 4xx
 * would fail the same way again, and an unparsable event is a provider bug.
 */
export function isRetryableProviderFailure(kind: ProviderFailureKind, status?: number): boolean {
  if (kind !== 'status' || status === undefined) return kind === 'network' || kind === 'cut'
  return status === 408 || status === 409 || status === 429 || status >= 500
}
