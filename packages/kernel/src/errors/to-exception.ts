import type { ConsolaInstance } from 'consola'
import { ChatbotException, ChatbotInternalException } from './index.js'
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
