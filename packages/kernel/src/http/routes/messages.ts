import type { H3Event } from 'h3'
import { ChatbotTokenCapExceededException } from '../../errors/index.js'
import { ChatbotMessageStarted } from '../../events/index.js'
import { deleteConversation, insertMessage, touchConversation, type StoredMessage } from '../../storage/index.js'
import { countTokens, loadTokenizer, MESSAGE_OVERHEAD_TOKENS } from '../../text/index.js'
import { assembleSystemPrompt, collectServerSections } from '../../turn/context.js'
import { resolveConversation } from '../../turn/conversation.js'
import { buildPrompt } from '../../turn/prompt.js'
import { readMessageRequest, type MessageRequest } from '../../turn/request.js'
import { openReply } from '../../turn/open-reply.js'
import { claimRetry } from '../../turn/retry-claim.js'
import { TurnContext } from '../../turn/turn.js'
import type { KernelRuntime } from '../../runtime.js'
import type { ChatbotRoute } from '../route.js'
import { setRequestEnvelope } from '../request-envelope.js'

const REQUEST = Symbol('chatbot.message-request')

export { CONVERSATION_ID_HEADER } from '../../turn/open-reply.js'

/**
 * `POST /messages`. Before the stream opens every failure is an HTTP status and nothing is
 * stored; the user message is stored before the provider is called.
 */
export function messagesRoute(runtime: KernelRuntime): ChatbotRoute {
  return {
    name: 'chatbot.messages',
    method: 'POST',
    path: '/messages',
    stateful: true,
    async prepare(event) {
      const request = await readMessageRequest(runtime, event)
      ;(event.context as Record<symbol, MessageRequest>)[REQUEST] = request
      setRequestEnvelope(event, request.envelope)
      return request.envelope.channel
    },
    // Refused with 503 once `close()` began; a shutdown waits for an admitted turn (see createTurnRegistry).
    handler: (event: H3Event) => runtime.turns.admit(async () => {
      const request = (event.context as Record<symbol, MessageRequest>)[REQUEST]!
      await loadTokenizer()
      const messageTokens = countTokens(request.message) + MESSAGE_OVERHEAD_TOKENS
      if (messageTokens > runtime.config.tokenCap) throw new ChatbotTokenCapExceededException(messageTokens, runtime.config.tokenCap)

      const now = new Date()
      const settings = runtime.settings(request.envelope.channel)
      const { conversation, fresh } = await resolveConversation(runtime, request.envelope, request.conversationId, now)
      const turn = new TurnContext(event, request.envelope, settings, request.message, request.clientExtractors, conversation)
      let retryOf: StoredMessage | undefined
      try {
        await runtime.hooks.callHook('turn:start', turn)
        turn.sections = await collectServerSections(runtime, turn)
        await runtime.hooks.callHook('turn:context', turn)
        assembleSystemPrompt(runtime, turn)
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
          content: request.message,
          routeName: turn.routeName,
          contextHash: turn.contextHash,
          tokenCount: messageTokens - MESSAGE_OVERHEAD_TOKENS,
          now,
        })
        if (!fresh) await touchConversation(runtime.db, conversation.id, now)
      } catch (error) {
        // No reply will be written (the database is away): a later retry must not get 409.
        await releaseRetry?.()
        throw error
      }

      return openReply(runtime, event, turn, {
        opened: () =>
          runtime.events.emit(
            new ChatbotMessageStarted({
              conversationId: conversation.publicId,
              channel: turn.channel,
              routeName: turn.routeName,
              identity: turn.identity,
              messageId: stored.publicId,
              content: request.message,
            }),
          ),
        // Returned, so a shutdown closes the counters only after the claim is released.
        settled: () => releaseRetry?.(),
      })
    }),
  }
}
