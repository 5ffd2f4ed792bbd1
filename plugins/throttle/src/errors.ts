import { ChatbotException } from '@chatbot-kit/kernel'

/** 429: a throttle window is full. `headers` adds to `Retry-After`, e.g. the IETF `RateLimit-Policy` and `RateLimit`. */
export class ChatbotThrottledException extends ChatbotException {
  constructor(message: string, retryAfterSeconds: number, headers: Record<string, string> = {}) {
    super(message, { code: 'throttled', status: 429, retryable: true, headers: { 'retry-after': String(retryAfterSeconds), ...headers } })
  }
}
