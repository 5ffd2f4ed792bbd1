import { ProviderError } from '@chatbot-kit/provider'
import { ChatbotProviderException } from '../errors/index.js'

/** The kernel's exception for a provider client's failure; anything else (an abort's reason) passes as is. */
export function toChatbotException(error: unknown): unknown {
  if (!ProviderError.isInstance(error)) return error
  return new ChatbotProviderException(error.message, { kind: error.kind, status: error.status, cause: error.cause, detail: error.detail })
}
