import { ChatbotReplyStoppedException, ChatbotStreamTimeoutException, type ChatbotException } from '../errors/index.js'
import { ChatbotMessageCompleted, ChatbotMessageFailed } from '../events/index.js'
import { toChatbotException } from '../errors/to-exception.js'
import type { ReplyOutput } from './reply-output.js'
import { insertMessage, type NewMessage } from '../storage/index.js'
import type { ChatRequest } from '@chatbot-kit/provider'
import { flatten } from '@chatbot-kit/http'
import type { KernelRuntime } from '../runtime.js'
import { startTurnSpan } from '../telemetry/index.js'
import { citedSources } from './citations.js'
import { createDeadline } from './deadline.js'
import type { TurnContext } from './turn.js'

/**
 * Everything after the stream opened: `turn:prompt`, provider rounds (with `turn:tool`
 * between them), then the stored reply and `done`, or an `error` event.
 */
export async function streamReply(runtime: KernelRuntime, turn: TurnContext, output: ReplyOutput): Promise<void> {
  const startedAt = performance.now()
  const { controller } = turn
  const deadline = createDeadline(runtime.config.streamDuration * 1000, () =>
    controller.abort(new ChatbotStreamTimeoutException(runtime.config.streamDuration)),
  )
  const base = eventBase(turn)
  // Provider rounds and tool hooks run inside the turn's span, so tool-call spans nest under it.
  const span = startTurnSpan(runtime.config, turn)
  try {
    await span.within(() => runtime.hooks.callHook('turn:prompt', turn))
    // Once per reply, before any round's first token, whatever the tool rounds after it.
    if (turn.sources.length > 0) turn.send({ type: 'sources', sources: turn.sources })
    const onText = createTextHandler(runtime, turn)
    for (;;) {
      if (turn.pausedWith !== undefined) {
        turn.finishReason = turn.pausedWith
        break
      }
      if (deadline.expired) throw new ChatbotStreamTimeoutException(runtime.config.streamDuration)
      deadline.resume()
      const result = await span.within(() => runtime.provider().stream(turn.request, onText, controller.signal, { timeLeftMs: deadline.left() }))
      deadline.pause()
      turn.finishReason = result.finishReason
      if (result.usage) {
        turn.usage.inputTokens += result.usage.inputTokens
        turn.usage.outputTokens += result.usage.outputTokens
      }
      // Tool calls loop back only when tools were offered: a model that asks anyway after the
      // tools were withdrawn (budget spent, provider without tools) cannot keep the turn open.
      if (result.toolCalls.length === 0 || !offersTools(turn.request) || !runtime.hooks.hasListeners('turn:tool')) break
      turn.request.messages.push({ role: 'assistant', content: null, tool_calls: result.toolCalls })
      await span.within(() => runtime.hooks.callHook('turn:tool', turn, result.toolCalls))
    }
    if (turn.usage.inputTokens === 0) turn.usage.inputTokens = turn.inputTokens
    await finishReply(runtime, turn, 'complete', performance.now() - startedAt)
  } catch (thrown) {
    let failure: unknown = controller.signal.aborted ? controller.signal.reason : thrown
    if (failure instanceof ChatbotReplyStoppedException) {
      try {
        return await stopReply(runtime, turn, performance.now() - startedAt)
      } catch (stopFailure) {
        // Not stored (the database is away): the reply ends with an `error` event like any other.
        failure = stopFailure
      }
    }
    const found = toChatbotException(failure, runtime.logger)
    const error = turn.explainFailure?.(found) ?? found
    span.fail(error)
    const partialMessageId = await storePartial(runtime, turn, error)
    // Sent even after the browser left: a resumed stream (replies plugin) ends with it.
    turn.send({ type: 'error', code: error.code(), message: error.message, retryable: error.isRetryable(), conversation_id: turn.conversation.publicId })
    runtime.events.emit(new ChatbotMessageFailed({ ...base, error, partialMessageId }))
    await Promise.resolve(runtime.hooks.callHook('turn:error', turn, error)).catch((hookError: unknown) => runtime.logger.error('A turn:error hook failed:', hookError))
  } finally {
    deadline.clear()
    output.close()
    span.end()
  }
}

export const eventBase = (turn: TurnContext) => ({ conversationId: turn.conversation.publicId, channel: turn.channel, routeName: turn.routeName, identity: turn.identity })

/** Stores the reply under `turn.replyId`, sends `done`, then `ChatbotMessageCompleted` and `turn:end`. */
async function finishReply(runtime: KernelRuntime, turn: TurnContext, status: 'complete' | 'incomplete', elapsedMs: number): Promise<void> {
  const tokenCount = turn.textCount.total(turn.text)
  // A stopped reply's cut round reported no usage: its text counts as streamed (stopReply).
  if (status === 'incomplete' || turn.usage.outputTokens === 0) turn.usage.outputTokens = Math.max(turn.usage.outputTokens, tokenCount)
  const citations = citedSources(turn.text, turn.sources)
  // A reply stopped before its first token has nothing to store; `done` still names its id.
  if (status === 'complete' || turn.text !== '') {
    await storeReply(runtime, turn, { status, finishReason: turn.finishReason, tokenCount, inputTokens: turn.usage.inputTokens, outputTokens: turn.usage.outputTokens, citations })
  }
  const usage = { input_tokens: turn.usage.inputTokens, output_tokens: turn.usage.outputTokens }
  turn.send({ type: 'done', conversation_id: turn.conversation.publicId, message_id: turn.replyId, finish_reason: turn.finishReason, usage, citations })
  const durationMs = Math.round(elapsedMs)
  runtime.events.emit(new ChatbotMessageCompleted({ ...eventBase(turn), messageId: turn.replyId, finishReason: turn.finishReason, usage: turn.usage, durationMs }))
  await Promise.resolve(runtime.hooks.callHook('turn:end', turn)).catch((error: unknown) => runtime.logger.error('A turn:end hook failed:', error))
}

/** Stop: the aborted round reported no usage, so its prompt (once anything streamed) and text count as streamed (contract §9.1). */
function stopReply(runtime: KernelRuntime, turn: TurnContext, elapsedMs: number): Promise<void> {
  turn.finishReason = 'stopped'
  if (turn.text !== '') turn.usage.inputTokens = Math.max(turn.usage.inputTokens, turn.inputTokens)
  return finishReply(runtime, turn, 'incomplete', elapsedMs)
}

const offersTools = (request: ChatRequest): boolean => (request.tools?.length ?? 0) > 0 && request.tool_choice !== 'none'

/**
 * Appending makes `turn.text` a chain of one node per delta that keeps every delta's own string
 * alive: ~50 bytes a token, for as long as a slow reply streams (docs/performance.md). Every so
 * many deltas the chain is flattened in place into one string.
 */
const FLATTEN_EVERY = 16

/** The per-token path: append, run the synchronous `turn:chunk` listeners, write the event. */
function createTextHandler(runtime: KernelRuntime, turn: TurnContext): (text: string) => void {
  const callChunk = runtime.hooks.syncCaller('turn:chunk')
  let appended = 0
  return (text) => {
    // The rest of a network read still arrives after a refusal, a disconnect or a shutdown abort:
    // none of it was shown, so none of it is stored (no reply with a hole in the middle).
    if (turn.controller.signal.aborted) return
    turn.text = turn.textCount.append(turn.text, text)
    if (++appended % FLATTEN_EVERY === 0) flatten(turn.text)
    try {
      callChunk?.(turn, text)
    } catch (error) {
      // Stopping mid-stream (e.g. quota) aborts the provider request with this error as the reason;
      // the delta that was refused is not part of the stored reply, as the browser never got it.
      turn.text = turn.text.slice(0, turn.text.length - text.length)
      turn.controller.abort(error)
      return
    }
    turn.textCount.advance(turn.text)
    turn.send({ type: 'token', content: text })
  }
}

async function storePartial(runtime: KernelRuntime, turn: TurnContext, error: ChatbotException): Promise<string | null> {
  if (turn.text === '') return null
  try {
    const stored = await storeReply(runtime, turn, { status: 'incomplete', finishReason: error.code(), tokenCount: turn.textCount.total(turn.text), citations: citedSources(turn.text, turn.sources) })
    return stored.publicId
  } catch (storeError) {
    runtime.logger.error('Could not store the partial reply:', storeError)
    return null
  }
}

/** The reply's row under `turn.replyId`: its text, route, context hash and sources, and `fields`. */
const storeReply = (runtime: KernelRuntime, turn: TurnContext, fields: Pick<NewMessage, 'status' | 'finishReason' | 'tokenCount' | 'inputTokens' | 'outputTokens' | 'citations'>) =>
  insertMessage(runtime.db, { publicId: turn.replyId, conversationId: turn.conversation.id, role: 'assistant', content: turn.text, routeName: turn.routeName, contextHash: turn.contextHash, sources: turn.sources, ...fields })
