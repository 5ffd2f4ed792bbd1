import type { CompletionAccumulator } from './completion-accumulator.js'
import { endedEarlyFailure, malformedFailure, streamedErrorFailure } from './failures.js'
import { withoutNul } from './without-nul.js'
import type { ChatToolCall, StreamResult, TextDeltaHandler, TokenUsage } from './types.js'

/** The parts of a Responses streaming event this client reads; every event names its `type`. */
interface ResponsesEvent {
  type?: string
  delta?: unknown
  output_index?: number
  item_id?: string
  arguments?: unknown
  item?: { type?: string; id?: string; call_id?: string; name?: string; arguments?: string } | null
  response?: {
    usage?: { input_tokens?: number; output_tokens?: number } | null
    incomplete_details?: { reason?: string } | null
    error?: { message?: unknown; code?: unknown } | null
  } | null
  error?: { message?: unknown; code?: unknown } | null
  message?: unknown
  code?: unknown
}

/** Why a response ended `incomplete`, as the chat path's finish reasons name it. */
const INCOMPLETE_REASONS: Record<string, string> = { max_output_tokens: 'length', content_filter: 'content_filter' }

/**
 * The Responses counterpart of `createCompletionAccumulator`: text deltas to `onText` at once,
 * function-call items assembled into `ChatToolCall`s, and the finish reason and usage from
 * `response.completed` (or `response.incomplete`), after which reading stops. `response.failed`
 * and `error` events fail as an error object inside a chat stream does.
 */
export function createResponsesAccumulator(onText: TextDeltaHandler): CompletionAccumulator {
  // By output index, which orders the calls; `itemIds` finds one by item id when a server omits the index.
  const calls: ChatToolCall[] = []
  const itemIds: (string | undefined)[] = []
  let finishReason: string | undefined
  let usage: TokenUsage | undefined
  let done = false
  let started = false

  function callOf(event: ResponsesEvent): ChatToolCall {
    const itemId = event.item_id ?? event.item?.id
    let index = event.output_index
    if (typeof index !== 'number') index = itemId !== undefined && itemIds.includes(itemId) ? itemIds.indexOf(itemId) : calls.length
    itemIds[index] ??= itemId
    started = true
    return (calls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } })
  }

  function finish(event: ResponsesEvent): boolean {
    const reason = event.response?.incomplete_details?.reason
    if (event.type === 'response.incomplete') finishReason = (reason && INCOMPLETE_REASONS[reason]) ?? reason ?? 'length'
    else finishReason = calls.some((call) => call !== undefined) ? 'tool_calls' : 'stop'
    const counted = event.response?.usage
    if (counted) usage = { inputTokens: counted.input_tokens ?? 0, outputTokens: counted.output_tokens ?? 0 }
    return true
  }

  return {
    data(payload) {
      if (payload === '[DONE]') return (done = true)
      if (payload === '') return false
      let event: ResponsesEvent
      try {
        event = JSON.parse(payload) as ResponsesEvent
      } catch (error) {
        throw malformedFailure(payload, error)
      }
      if (typeof event !== 'object' || event === null) throw malformedFailure(payload)
      switch (event.type) {
        case 'response.output_text.delta': {
          const text = typeof event.delta === 'string' ? withoutNul(event.delta) : ''
          if (text !== '') {
            started = true
            onText(text)
          }
          return false
        }
        case 'response.output_item.added':
        case 'response.output_item.done': {
          const item = event.item
          if (item?.type !== 'function_call') return false
          const call = callOf(event)
          if (item.call_id) call.id = item.call_id
          if (item.name) call.function.name = item.name
          // `added` carries the arguments so far (usually none), `done` all of them.
          if (typeof item.arguments === 'string' && (event.type === 'response.output_item.done' || call.function.arguments === '')) {
            call.function.arguments = item.arguments
          }
          return false
        }
        case 'response.function_call_arguments.delta':
          if (typeof event.delta === 'string') callOf(event).function.arguments += event.delta
          return false
        case 'response.function_call_arguments.done':
          if (typeof event.arguments === 'string') callOf(event).function.arguments = event.arguments
          return false
        case 'response.completed':
        case 'response.incomplete':
          return finish(event)
        case 'response.failed':
          throw streamedErrorFailure(event.response?.error ?? 'The response failed.')
        case 'error':
          throw streamedErrorFailure(event.error ?? { message: event.message, code: event.code })
        default:
          return false
      }
    },

    started: () => started,

    complete: () => done || finishReason !== undefined,

    result(): StreamResult {
      if (!done && finishReason === undefined) throw endedEarlyFailure()
      // Indices skip the message and reasoning items between calls; a call without a `call_id` gets one.
      const assembled = calls.filter((call) => call !== undefined)
      assembled.forEach((call, index) => (call.id ||= `call_${index}`))
      return {
        finishReason: finishReason ?? (assembled.length > 0 ? 'tool_calls' : 'stop'),
        toolCalls: assembled,
        ...(usage ? { usage } : {}),
      }
    },
  }
}
