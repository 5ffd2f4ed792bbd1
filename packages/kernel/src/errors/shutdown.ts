import { ChatbotException } from './base.js'

/** Seconds a client is told to wait: about what a restart or a rolling update's next instance takes. */
const RETRY_AFTER_SECONDS = 5

/**
 * The server is shutting down: 503 with `Retry-After` for a message that arrives meanwhile, and
 * the `error` event of a reply still streaming when `shutdownGrace` runs out. Retryable: the same
 * request succeeds on the next instance (or this one, restarted).
 */
export class ChatbotShuttingDownException extends ChatbotException {
  constructor(message = 'The server is restarting; send the message again in a few seconds.') {
    super(message, { code: 'server_shutting_down', status: 503, retryable: true, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } })
  }
}
