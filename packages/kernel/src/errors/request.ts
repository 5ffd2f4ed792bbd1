import { ChatbotException } from './base.js'

/** 403: the envelope is missing, tampered, expired, or bound to another route or channel. */
export class ChatbotInvalidEnvelopeException extends ChatbotException {
  constructor(message = 'The signed context is missing or invalid.', cause?: unknown) {
    super(message, { code: 'invalid_envelope', status: 403, cause })
  }
}

/** 403: the conversation belongs to another identity, or the guest cookie disagrees. */
export class ChatbotForbiddenException extends ChatbotException {
  constructor(message = 'This conversation belongs to someone else.') {
    super(message, { code: 'forbidden', status: 403 })
  }
}

/** 404: no conversation has that id. */
export class ChatbotNotFoundException extends ChatbotException {
  constructor(message = 'No conversation has that id.') {
    super(message, { code: 'not_found', status: 404 })
  }
}

/** 409: a retry of a message whose reply another request is already writing. */
export class ChatbotReplyInProgressException extends ChatbotException {
  constructor(message = 'A reply to this message is already being written; wait for it or reload the conversation.') {
    super(message, { code: 'reply_in_progress', status: 409 })
  }
}

/** 408: the request body did not arrive in time; the connection is closed after the answer. */
export class ChatbotRequestTimeoutException extends ChatbotException {
  constructor(seconds: number) {
    super(`The request body did not arrive within ${seconds} s.`, { code: 'request_timeout', status: 408 })
  }
}

/** 413: the request body is over the limit. */
export class ChatbotPayloadTooLargeException extends ChatbotException {
  constructor(limitBytes: number) {
    super(`The request body is larger than ${limitBytes} bytes.`, { code: 'payload_too_large', status: 413 })
  }
}

/** 415: the body is not declared as JSON (`application/json` or `…+json`). */
export class ChatbotUnsupportedMediaTypeException extends ChatbotException {
  constructor() {
    super('The request body must be sent as Content-Type: application/json.', { code: 'unsupported_media_type', status: 415 })
  }
}

/** 422: a field is missing or malformed; `fields` names each problem. */
export class ChatbotValidationException extends ChatbotException {
  constructor(message: string, fields: Record<string, string>, code = 'validation_failed') {
    super(message, { code, status: 422, fields })
  }
}

/** 503: the database is unreachable or migrations are pending. */
export class ChatbotUnavailableException extends ChatbotException {
  constructor(message: string, cause?: unknown) {
    super(message, { code: 'service_unavailable', status: 503, retryable: true, cause })
  }
}
