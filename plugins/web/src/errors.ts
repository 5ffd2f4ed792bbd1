import { ChatbotException } from '@chatbot-kit/kernel'

/** 419: the CSRF token is missing or does not match the session. */
export class ChatbotCsrfException extends ChatbotException {
  constructor(message = 'The CSRF token is missing or invalid.') {
    super(message, { code: 'csrf_token_mismatch', status: 419 })
  }
}
