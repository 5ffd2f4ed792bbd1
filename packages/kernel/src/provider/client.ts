import {
  createProviderClient as createWireClient,
  type ProviderError,
  type ProviderClientOptions as WireClientOptions,
  type ProviderFailure as WireFailure,
  type ProviderRetry as WireRetry,
} from '@chatbot-kit/provider'
import { ChatbotStreamTimeoutException, type ChatbotProviderException } from '../errors/index.js'
import { toChatbotException } from './to-exception.js'
import type { ProviderClient } from '@chatbot-kit/provider'

export interface ProviderClientOptions extends Omit<WireClientOptions, 'onRetry' | 'onFailure' | 'onStall'> {
  /** Called before each wait for a retry; the chatbot logs it at warn level. */
  onRetry?: (retry: ProviderRetry) => void
  /**
   * Called once when a request fails for good (not for a stop, a disconnect or the deadline); the
   * chatbot logs it at warn level. The end user only sees the failure's generic message.
   */
  onFailure?: (failure: ProviderFailure) => void
  /**
   * Called when the turn's deadline (`streamDuration`) ends a request the provider had not
   * answered yet; the chatbot logs `message` at warn level. The turn ends with `stream_timeout`.
   */
  onStall?: (stall: { message: string }) => void
}

/** One request about to be sent again, for logs and tests. */
export interface ProviderRetry extends Omit<WireRetry, 'error'> {
  /** The failure of the attempt before. */
  error: ChatbotProviderException
}

/** A request that failed for good, for logs and tests. */
export interface ProviderFailure {
  error: ChatbotProviderException
  /** One line for a log with what the provider said (`error.detail`), without the API key. */
  message: string
}

/**
 * `@chatbot-kit/provider`'s streaming client, failing with the kernel's `ChatbotProviderException`
 * (codes `provider_unavailable` and `provider_error`) as it always has for hosts.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const { onRetry, onFailure, onStall, ...wire } = options
  const convert = (error: ProviderError) => toChatbotException(error) as ChatbotProviderException
  const client = createWireClient({
    ...wire,
    onRetry: onRetry && ((retry) => onRetry({ ...retry, error: convert(retry.error) })),
    onFailure: onFailure && ((failure: WireFailure) => {
      const error = convert(failure.error)
      onFailure({ error, message: `The provider request to ${failure.url} failed, the turn ends with ${error.code()}: ${failure.explanation}` })
    }),
    onStall:
      onStall &&
      ((stall) => {
        // A stop or a disconnect is the user's doing; only the deadline points at the provider.
        if (stall.reason instanceof ChatbotStreamTimeoutException) {
          onStall({ message: `The provider request to ${stall.url} ended with stream_timeout: ${stall.silence}, and the reply's streamDuration ran out.` })
        }
      }),
  })
  return withKernelErrors(client)
}

/** A provider client failing with the kernel's `ChatbotProviderException` where it failed with `ProviderError`. */
export function withKernelErrors(client: ProviderClient): ProviderClient {
  return {
    stream: (request, onText, signal, streamOptions) =>
      client.stream(request, onText, signal, streamOptions).catch((error: unknown) => {
        throw toChatbotException(error)
      }),
  }
}
