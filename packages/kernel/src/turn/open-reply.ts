import type { H3Event } from 'h3'
import { ChatbotClientClosedException } from '../errors/index.js'
import { SSE_HEADERS, SseStream } from '../http/sse.js'
import type { KernelRuntime } from '../runtime.js'
import { contextSummary } from './context.js'
import { createEventSink } from './event-sink.js'
import { streamReply } from './stream.js'
import type { TurnContext } from './turn.js'

/** Names the conversation on each reply's response: public API (docs/http-api.md). */
export const CONVERSATION_ID_HEADER = 'x-chatbot-conversation-id'

export interface OpenReplyHooks {
  /** Right after `context_summary` went out. */
  opened?(): void
  /** Once the turn ended, however; awaited by a shutdown. */
  settled?(): unknown
}

/**
 * Opens the reply's event stream and runs the turn on it, off the request: a message's reply and
 * a paused turn's continuation stream the same way. Returns the streaming response.
 */
export function openReply(runtime: KernelRuntime, event: H3Event, turn: TurnContext, hooks: OpenReplyHooks = {}) {
  const sse = new SseStream(() => {
    runtime.keepAlive.delete(sse)
    // By default the reply goes on without the browser: it is stored complete and can be resumed.
    if (runtime.config.stream.abortOnDisconnect) turn.controller.abort(new ChatbotClientClosedException())
  })
  turn.sink = createEventSink(turn, runtime.eventListeners(), (frame) => sse.write(frame), runtime.logger)
  runtime.keepAlive.add(sse)
  runtime.activeStreams += 1
  turn.send(contextSummary(turn))
  hooks.opened?.()
  runtime.turns.track(
    turn.controller,
    streamReply(runtime, turn, sse).finally(() => {
      runtime.keepAlive.delete(sse)
      runtime.activeStreams -= 1
      return hooks.settled?.()
    }),
  )
  return sse.response(event, { ...SSE_HEADERS, [CONVERSATION_ID_HEADER]: turn.conversation.publicId })
}
