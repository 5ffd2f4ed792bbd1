import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import type { ResolvedConfig } from '../config/index.js'
import type { ChatbotException } from '../errors/index.js'
import type { TurnContext } from '../turn/turn.js'
import { ATTR, chatStartAttributes } from './attributes.js'
import { tracer } from './tracer.js'

/** The `chat {model}` span of one turn, from the opened stream to `done` or `error`. */
export interface TurnSpan {
  /** Runs `fn` with this span active: spans started inside (tool calls, the provider's HTTP) are its children. */
  within<T>(fn: () => T): T
  /** The turn ended with this error: `error.type` is its code, the status ERROR. */
  fail(error: ChatbotException): void
  /** Records what the turn ended with and ends the span; call once, after `fail` if it failed. */
  end(): void
}

const NO_TURN_SPAN: TurnSpan = { within: (fn) => fn(), fail() {}, end() {} }

/**
 * Starts a turn's span. Without a registered SDK the span does not record, and nothing beyond
 * starting and ending it is done: attributes are built only for a recording span.
 */
export function startTurnSpan(config: ResolvedConfig, turn: TurnContext): TurnSpan {
  const model = turn.request.model
  const span = tracer.startSpan(`chat ${model}`, { kind: SpanKind.CLIENT, attributes: chatStartAttributes(config, model) })
  // No SDK registered: nothing to record and no trace to carry into tool calls, so the turn holds
  // no context (a Map per open stream) and no closures. A span the SDK sampled out still has a
  // valid context, which tool spans must inherit, so that case goes on below.
  if (!trace.isSpanContextValid(span.spanContext())) return NO_TURN_SPAN
  const recording = span.isRecording()
  if (recording) span.setAttribute(ATTR.conversationId, turn.conversation.publicId)
  const active = trace.setSpan(context.active(), span)
  let failed = false
  return {
    within: (fn) => context.with(active, fn),
    fail(error) {
      failed = true
      if (!recording) return
      span.setAttribute(ATTR.errorType, error.code())
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message })
    },
    end() {
      if (recording) recordOutcome(span, turn, failed, config.telemetry.captureContent)
      span.end()
    },
  }
}

function recordOutcome(span: Span, turn: TurnContext, failed: boolean, captureContent: boolean): void {
  // A plugin may change the model in `turn:prompt`; the provider's reply does not name its model to us.
  span.setAttribute(ATTR.responseModel, turn.request.model)
  if (!failed) {
    span.setAttributes({
      [ATTR.inputTokens]: turn.usage.inputTokens,
      [ATTR.outputTokens]: turn.usage.outputTokens,
      [ATTR.finishReasons]: [turn.finishReason],
    })
  }
  if (!captureContent) return
  // JSON strings in the conventions' message schema: the user's message, and the reply as far as it got.
  span.setAttribute(ATTR.inputMessages, JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: turn.message }] }]))
  if (turn.text !== '') {
    const reply = { role: 'assistant', parts: [{ type: 'text', content: turn.text }], finish_reason: failed ? 'error' : turn.finishReason }
    span.setAttribute(ATTR.outputMessages, JSON.stringify([reply]))
  }
}
