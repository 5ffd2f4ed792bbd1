import type { H3Event } from 'h3'
import type { KernelRuntime } from '../runtime.js'
import { openEventStream, type EventStream } from '@chatbot-kit/http'
import type { CreateReplyOutput } from '../turn/reply-output.js'

/** Names the conversation on each reply's response: public API (docs/http-api.md). */
export const CONVERSATION_ID_HEADER = 'x-chatbot-conversation-id'

/**
 * A turn's output as the response to `event`: an event stream kept alive with the others, its
 * conversation named in a header. The route returns the stream's `response`.
 */
export function replyResponse(runtime: KernelRuntime, event: H3Event): CreateReplyOutput<EventStream> {
  return (turn, onCancel) => openEventStream(runtime.keepAlive, event, onCancel, { [CONVERSATION_ID_HEADER]: turn.conversation.publicId })
}
