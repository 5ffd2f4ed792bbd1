/** The provider's streamed body, read chunk by chunk; the same shape for every transport. */
export interface CompletionBody {
  /**
   * Hands every network chunk to `onChunk` until it returns `true` (stop reading) or the body
   * ends. Rejects when the body breaks off; an error thrown by `onChunk` propagates as is.
   */
  read(onChunk: (bytes: Uint8Array) => boolean): Promise<void>
  /** Closes the connection; reading stops. */
  cancel(): void
}

/** A provider's answer to the POST, before its body is read. */
export interface ProviderResponse {
  status: number
  statusText: string
  /** A response header by lower-case name (`retry-after`); read on failures only, never per token. */
  header(name: string): string | undefined
  /** The whole body as text (an error body; capped by the transport). */
  text(): Promise<string>
  body: CompletionBody
}

/**
 * Sends the provider POST to the URL the transport was made for. Rejects with the transport's own error when no response came
 * (refused, reset, DNS, TLS) and with the signal's reason when it aborted.
 */
export interface ProviderTransport {
  post(headers: Record<string, string>, body: string, signal: AbortSignal): Promise<ProviderResponse>
}

/** Error bodies are read for their message only; a provider that streams one forever is cut here. */
export const ERROR_BODY_LIMIT = 64 * 1024
