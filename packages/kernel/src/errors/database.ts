import { ChatbotException } from './base.js'

/**
 * 503: a database call failed for want of a working connection: refused, dropped by the server
 * (`pg_terminate_backend`, a restart), or over its time limit. Sending the request again may
 * succeed. `reason` is our own short text; the driver's error, which can name hosts, is `cause`.
 */
export class ChatbotDatabaseUnavailableException extends ChatbotException {
  constructor(reason: string, cause?: unknown) {
    super(`The database is unavailable (${reason}); try again shortly.`, { code: 'database_unavailable', status: 503, retryable: true, cause })
  }
}
