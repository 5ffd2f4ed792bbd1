import { ChatbotException } from './base.js'
import { ChatbotValidationException } from './request.js'

/** 422 before any stream starts: one message alone is over `tokenCap`. Nothing is stored. */
export class ChatbotTokenCapExceededException extends ChatbotValidationException {
  constructor(tokens: number, cap: number) {
    super(`The message is ${tokens} tokens, over the cap of ${cap}.`, { message: `over the token cap of ${cap}` }, 'token_cap_exceeded')
  }
}

/** `streamDuration` ran out while the model was streaming or the provider hung. */
export class ChatbotStreamTimeoutException extends ChatbotException {
  constructor(seconds: number) {
    super(`The reply took longer than ${seconds} s.`, { code: 'stream_timeout', status: 504, retryable: true })
  }
}

/** Anything unexpected; the cause is logged, never sent to the browser. */
export class ChatbotInternalException extends ChatbotException {
  constructor(cause?: unknown) {
    super('Internal error.', { code: 'internal_error', status: 500, cause })
  }
}

/** The browser went away; the reply is stored as far as it got and nothing more is sent. */
export class ChatbotClientClosedException extends ChatbotException {
  constructor() {
    super('The client closed the connection.', { code: 'client_closed', status: 499 })
  }
}

/**
 * The reason a turn's signal carries after `turn.stop()` (the stop route): not a failure. The
 * reply is stored as far as it got with finish reason `stopped` and the stream ends with `done`.
 */
export class ChatbotReplyStoppedException extends ChatbotException {
  constructor() {
    super('The reply was stopped.', { code: 'stopped', status: 499 })
  }
}
