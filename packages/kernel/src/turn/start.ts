import type { H3Event } from 'h3'
import type { EnvelopePayload } from '../envelope/index.js'
import { ChatbotTokenCapExceededException } from '../errors/index.js'
import { ChatbotMessageStarted } from '../events/index.js'
import type { KernelRuntime } from '../runtime.js'
import { deleteConversation, insertMessage, touchConversation, type StoredMessage } from '../storage/index.js'
import { countTokens, loadTokenizer, MESSAGE_OVERHEAD_TOKENS } from '../text/index.js'
import { resolveConversation } from './conversation.js'
import { openReply } from './open.js'
import { prepareTurn } from './prepare.js'
import { eventBase } from './stream.js'
import { buildPrompt } from './prompt.js'
import type { CreateReplyOutput, ReplyOutput } from './reply-output.js'
import { claimRetry } from './retry-claim.js'
import { createStandInEvent } from './stand-in-event.js'
import { TurnContext } from './turn.js'

/** One user message to answer: what `POST /messages` carries, or what an in-process caller passes. */
export interface TurnInput {
  /** Verified: who asks, on which channel and route. */
  envelope: EnvelopePayload
  message: string
  /** The conversation to continue (a public id); a new one when absent. */
  conversationId?: string
  clientExtractors?: Record<string, string>
  /** The request behind the turn; a stand-in event when the turn runs without one. */
  event?: H3Event
}

/**
 * Runs one user message's turn: the message against `tokenCap`, the conversation, `turn:start`
 * → sections → `turn:context` → prompt, the stored user message, then the reply streamed to the
 * output `createOutput` opens. Until the output opens every failure is thrown (an HTTP status)
 * and nothing is stored; a refusal deletes a conversation created for this message.
 * Refused with 503 once `close()` began; a shutdown waits for an admitted turn.
 */
export function startTurn<O extends ReplyOutput>(runtime: KernelRuntime, input: TurnInput, createOutput: CreateReplyOutput<O>): Promise<O> {
  return runtime.turns.admit(async () => {
    await loadTokenizer()
    const messageTokens = countTokens(input.message) + MESSAGE_OVERHEAD_TOKENS
    if (messageTokens > runtime.config.tokenCap) throw new ChatbotTokenCapExceededException(messageTokens, runtime.config.tokenCap)

    const now = new Date()
    const { envelope, message } = input
    const { conversation, fresh } = await resolveConversation(runtime, envelope, input.conversationId, now)
    const event = input.event ?? createStandInEvent()
    const turn = new TurnContext(event, envelope, runtime.settings(envelope.channel), message, input.clientExtractors ?? {}, conversation)
    let retryOf: StoredMessage | undefined
    try {
      await prepareTurn(runtime, turn)
      retryOf = await buildPrompt(runtime, turn, messageTokens, fresh)
    } catch (error) {
      // A turn refused before anything is stored leaves no empty conversation behind.
      if (fresh) await deleteConversation(runtime.db, conversation.publicId)
      throw error
    }

    const releaseRetry = retryOf ? await claimRetry(runtime, retryOf) : undefined
    let stored: StoredMessage
    try {
      stored = retryOf ?? await insertMessage(runtime.db, {
        conversationId: conversation.id,
        role: 'user',
        content: message,
        routeName: turn.routeName,
        contextHash: turn.contextHash,
        tokenCount: messageTokens - MESSAGE_OVERHEAD_TOKENS,
        now,
        touch: !fresh,
      })
      if (retryOf) await touchConversation(runtime.db, conversation.id, now)
    } catch (error) {
      // No reply will be written (the database is away): a later retry must not get 409.
      await releaseRetry?.()
      throw error
    }

    return openReply(runtime, turn, createOutput, {
      opened: () => runtime.events.emit(new ChatbotMessageStarted({ ...eventBase(turn), messageId: stored.publicId, content: message })),
      // Returned, so a shutdown closes the counters only after the claim is released.
      settled: () => releaseRetry?.(),
    })
  })
}
