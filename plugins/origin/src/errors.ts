import { ChatbotException } from '@chatbot-kit/kernel'

/** 403: the request's `Origin` header is not in its channel's `origins` allowlist. */
export class ChatbotOriginNotAllowedException extends ChatbotException {
  constructor(message = 'This page is not allowed to use the chatbot on this channel.') {
    super(message, { code: 'origin_not_allowed', status: 403 })
  }
}
