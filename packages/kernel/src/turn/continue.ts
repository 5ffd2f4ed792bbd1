import type { H3Event } from 'h3'
import type { EnvelopePayload } from '../envelope/index.js'
import type { ChatMessage } from '@chatbot-kit/provider'
import type { KernelRuntime } from '../runtime.js'
import { touchConversation, type Conversation } from '../storage/index.js'
import { loadTokenizer } from '../text/index.js'
import { openReply } from './open.js'
import { prepareTurn } from './prepare.js'
import { buildContinuationPrompt } from './prompt.js'
import type { CreateReplyOutput, ReplyOutput } from './reply-output.js'
import { createStandInEvent } from './stand-in-event.js'
import { TurnContext } from './turn.js'

/** What a paused turn left for its continuation (`PluginApi.continueTurn`). */
export interface TurnContinuation {
  envelope: EnvelopePayload
  /** The paused turn's conversation (check ownership first: `ownedConversation`). */
  conversation: Conversation
  /** Provider messages the paused turn had sent since its user message (tool calls and results). */
  messages: ChatMessage[]
  /** The paused reply, left out of the history: `messages` carry what it stood for. */
  omitMessageId?: string
  /** Tool calls the paused turn used: they count against `tools.maxCallsPerTurn`. */
  toolCalls?: number
  /** Seeds `turn.state` before any hook runs: what the continuing plugin needs in `turn:prompt`. */
  state?: Record<string, unknown>
  /**
   * Runs once the turn passed `turn:start` and its prompt is built, right before the stream
   * opens: what throws here is the response's status (a decision recorded here is not recorded
   * for a request the limits refused).
   */
  beforeStream?(): Promise<void>
}

/**
 * Runs a paused turn on as a new reply, streamed like a message's: `turn:start` (throttle, quota),
 * the context, the prompt rebuilt from the stored history plus `messages`, then provider rounds.
 * No user message is stored; the reply is, under a new id. `event` is the request behind it, if any.
 */
export function continueTurn<O extends ReplyOutput>(runtime: KernelRuntime, continuation: TurnContinuation, createOutput: CreateReplyOutput<O>, event?: H3Event): Promise<O> {
  return runtime.turns.admit(async () => {
    await loadTokenizer()
    const { envelope, conversation } = continuation
    const turn = new TurnContext(event ?? createStandInEvent(), envelope, runtime.settings(envelope.channel), '', {}, conversation)
    turn.continuation = true
    turn.toolCalls = continuation.toolCalls ?? 0
    Object.assign(turn.state, continuation.state)
    await prepareTurn(runtime, turn)
    await buildContinuationPrompt(runtime, turn, continuation.messages, continuation.omitMessageId)
    await continuation.beforeStream?.()
    await touchConversation(runtime.db, conversation.id, new Date())
    return openReply(runtime, turn, createOutput)
  })
}
