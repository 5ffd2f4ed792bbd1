import { ChatbotException } from './base.js'

/** Seconds a client is told to wait: about what the counter store's client takes to reconnect. */
const RETRY_AFTER_SECONDS = 2

/**
 * 503: the counter store (Redis) did not answer in time, refused the connection or dropped it.
 * Throttle and quota fail closed on it: the request is refused rather than let through uncounted.
 * Sending it again may succeed. `reason` is our own short text; the driver's error, which can
 * name hosts, is `cause`.
 */
export class ChatbotCountersUnavailableException extends ChatbotException {
  constructor(reason: string, cause?: unknown) {
    super(`The counter store is unavailable (${reason}); try again shortly.`, {
      code: 'counters_unavailable',
      status: 503,
      retryable: true,
      cause,
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    })
  }
}
