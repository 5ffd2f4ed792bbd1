import type { ConsolaInstance } from 'consola'
import { asDatabaseUnavailable, StoresError } from '@chatbot-kit/stores'
import { ChatbotException, ChatbotInternalException } from './index.js'
import { storesToException } from '../stores/to-exception.js'

/** Any thrown value as a typed error; unknown ones become `internal_error` and are logged. */
export function toChatbotException(error: unknown, logger?: ConsolaInstance): ChatbotException {
  if (ChatbotException.isInstance(error)) return error
  // A store's own failure (a lost Postgres connection, seen by the pool) maps to its code.
  if (StoresError.isInstance(error)) return storesToException(error) as ChatbotException
  // A database that is away or locked is a retryable 503, not a bug: a warning, not an error.
  const unavailable = asDatabaseUnavailable(error)
  if (unavailable) {
    const exception = storesToException(unavailable) as ChatbotException
    logger?.warn(`${exception.message} (${error instanceof Error ? error.message : String(error)})`)
    return exception
  }
  logger?.error(error)
  return new ChatbotInternalException(error)
}
