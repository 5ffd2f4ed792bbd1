import { ChatbotException } from '@chatbot-kit/kernel'

/** A daily token quota is spent; an `error` event on the stream (429 if raised before it). */
export class ChatbotQuotaExceededException extends ChatbotException {
  constructor(message = 'The daily token quota is used up.', resetsAt?: Date) {
    super(message, {
      code: 'quota_exceeded',
      status: 429,
      retryable: false,
      ...(resetsAt ? { headers: { 'retry-after': String(Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 1000))) } } : {}),
    })
  }
}
