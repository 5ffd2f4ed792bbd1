import { ChatbotClientClosedException } from '../errors/index.js'
import type { KernelRuntime } from '../runtime.js'
import { contextSummary } from './context.js'
import { createEventSink } from './event-sink.js'
import type { CreateReplyOutput, ReplyOutput } from './reply-output.js'
import { streamReply } from './stream.js'
import type { TurnContext } from './turn.js'

export interface OpenReplyHooks {
  /** Right after `context_summary` went out. */
  opened?(): void
  /** Once the turn ended, however; awaited by a shutdown. */
  settled?(): unknown
}

/**
 * Opens the reply's output and runs the turn on it, off the caller: a message's reply and a
 * paused turn's continuation stream the same way. Returns the output (an HTTP reply's response).
 */
export function openReply<O extends ReplyOutput>(runtime: KernelRuntime, turn: TurnContext, createOutput: CreateReplyOutput<O>, hooks: OpenReplyHooks = {}): O {
  const output = createOutput(turn, () => {
    // By default the reply goes on without the browser: it is stored complete and can be resumed.
    if (runtime.config.stream.abortOnDisconnect) turn.controller.abort(new ChatbotClientClosedException())
  })
  const notify = runtime.hooks.syncCaller('turn:event', (error) => runtime.logger.error('A turn:event hook failed:', error))
  turn.sink = createEventSink(turn, notify, (frame) => output.write(frame))
  runtime.activeStreams += 1
  turn.send(contextSummary(turn))
  hooks.opened?.()
  runtime.turns.track(
    turn.controller,
    streamReply(runtime, turn, output).finally(() => {
      runtime.activeStreams -= 1
      return hooks.settled?.()
    }),
  )
  return output
}
