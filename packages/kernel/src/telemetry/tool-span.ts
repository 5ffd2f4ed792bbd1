import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import type { ChatToolCall } from '@chatbot-kit/provider'
import { ATTR } from './attributes.js'
import { tracer } from './tracer.js'

/** The `execute_tool {name}` span of one tool call. */
export interface ToolSpan {
  /** Ends the span: with the result, or with the failure's code as `error.type`. */
  end(outcome: { result: string | null; errorCode?: string }): void
}

const START = { kind: SpanKind.INTERNAL, attributes: Object.freeze({ [ATTR.operation]: 'execute_tool' }) }

/**
 * Starts the span of a call the model asked for, a child of the active span (the turn's, while
 * `turn:tool` runs). Arguments and result are recorded only with `captureContent`.
 */
export function startToolSpan(call: ChatToolCall, captureContent: boolean): ToolSpan {
  const span = tracer.startSpan(`execute_tool ${call.function.name}`, START)
  const recording = span.isRecording()
  if (recording) {
    span.setAttributes({ [ATTR.toolName]: call.function.name, [ATTR.toolCallId]: call.id })
    if (captureContent) span.setAttribute(ATTR.toolArguments, call.function.arguments)
  }
  return {
    end({ result, errorCode }) {
      if (recording) {
        if (errorCode !== undefined) {
          span.setAttribute(ATTR.errorType, errorCode)
          span.setStatus({ code: SpanStatusCode.ERROR })
        } else if (captureContent && result !== null) {
          span.setAttribute(ATTR.toolResult, result)
        }
      }
      span.end()
    },
  }
}
