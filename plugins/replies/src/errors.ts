import { ChatbotException } from '@chatbot-kit/kernel'

/**
 * The instance running a reply died (kill -9, a crash, a lost host) before it ended: another
 * instance, or this one restarted, stored what had streamed as `incomplete` with this finish
 * reason, and ended its open streams with this `error` event. Never an HTTP status.
 */
export class ChatbotReplyInterruptedException extends ChatbotException {
  constructor() {
    super('The reply was interrupted: the server writing it stopped. What it wrote so far is kept; send the message again for a full answer.', {
      code: 'reply_interrupted',
      status: 503,
      retryable: true,
    })
  }
}
