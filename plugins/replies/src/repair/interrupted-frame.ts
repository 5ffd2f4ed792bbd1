import type { ErrorStreamEvent } from '@chatbot-kit/kernel'
import { ChatbotReplyInterruptedException } from '../errors.js'

/**
 * The `error` event that ends a reply whose instance died, framed exactly as the kernel frames
 * every event of a reply (`id: <reply>:<seq>`), so a resumed stream ends on it like any other.
 */
export function interruptedFrame(replyId: string, seq: number, conversationId: string): string {
  const error = new ChatbotReplyInterruptedException()
  const event: ErrorStreamEvent = { type: 'error', code: error.code(), message: error.message, retryable: error.isRetryable(), conversation_id: conversationId }
  return `id: ${replyId}:${seq}\ndata: ${JSON.stringify(event)}\n\n`
}
