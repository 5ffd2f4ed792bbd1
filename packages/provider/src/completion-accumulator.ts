import { ChunkShortcut } from './fast-chunk.js'
import { endedEarlyFailure, malformedFailure, streamedErrorFailure } from './failures.js'
import { withoutNul } from './without-nul.js'
import type { ChatToolCall, StreamResult, TextDeltaHandler, TokenUsage } from './types.js'

/** The parts of an OpenAI `chat.completion.chunk` this client reads. */
interface CompletionChunk {
  choices?: { delta?: ChunkDelta | null; finish_reason?: string | null }[]
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null
  error?: string | { message?: string; code?: unknown } | null
}

interface ChunkDelta {
  content?: string | null
  tool_calls?: ToolCallFragment[] | null
}

interface ToolCallFragment {
  index?: number
  id?: string
  function?: { name?: string; arguments?: string }
}

/** Reads one attempt's event stream; one per provider API (see `ProviderProtocol`). */
export interface CompletionAccumulator {
  /** Handles one `data:` payload; returns `true` once the reply is over (`[DONE]`, `response.completed`). */
  data(payload: string): boolean
  /** A text or tool-call delta arrived: from here on the reply has begun and is never sent again. */
  started(): boolean
  /** The end marker or a finish reason arrived: the reply is whole even if the body breaks off now. */
  complete(): boolean
  /** The outcome once the body ended; throws a `cut` failure when it ended too early. */
  result(): StreamResult
}

/**
 * Turns chunk payloads into text deltas (handed to `onText` at once), assembled tool calls,
 * the finish reason and the usage.
 */
export function createCompletionAccumulator(onText: TextDeltaHandler): CompletionAccumulator {
  const toolCalls: ChatToolCall[] = []
  let finishReason: string | undefined
  let usage: TokenUsage | undefined
  let done = false
  let started = false
  const shortcut = new ChunkShortcut()

  function text(content: string): void {
    const clean = withoutNul(content)
    if (clean === '') return
    started = true
    onText(clean)
  }

  function addFragments(fragments: ToolCallFragment[]): void {
    for (let position = 0; position < fragments.length; position++) {
      const fragment = fragments[position]!
      const index = fragment.index ?? position
      const call = (toolCalls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } })
      if (fragment.id && !call.id) call.id = fragment.id
      if (fragment.function?.name && !call.function.name) call.function.name = fragment.function.name
      if (fragment.function?.arguments) call.function.arguments += fragment.function.arguments
    }
  }

  return {
    data(payload) {
      if (payload === '[DONE]') return (done = true)
      if (payload === '') return false
      const content = shortcut.content(payload)
      if (content !== undefined) {
        text(content)
        return false
      }
      let chunk: CompletionChunk
      try {
        chunk = JSON.parse(payload) as CompletionChunk
      } catch (error) {
        throw malformedFailure(payload, error)
      }
      if (typeof chunk !== 'object' || chunk === null) throw malformedFailure(payload)
      if (chunk.error) throw streamedErrorFailure(chunk.error)
      const choice = chunk.choices?.[0]
      if (choice) {
        const delta = choice.delta
        if (delta) {
          if (typeof delta.content === 'string') {
            shortcut.learn(payload, delta.content)
            text(delta.content)
          }
          if (delta.tool_calls) {
            started = true
            addFragments(delta.tool_calls)
          }
        }
        if (choice.finish_reason) finishReason = choice.finish_reason
      }
      if (chunk.usage) {
        usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 }
      }
      return false
    },

    started: () => started,

    complete: () => done || finishReason !== undefined,

    result() {
      if (!done && finishReason === undefined) {
        throw endedEarlyFailure()
      }
      // Some providers omit ids (indices can also skip); the kernel needs one to answer each call.
      const calls = toolCalls.filter((call) => call !== undefined)
      calls.forEach((call, index) => (call.id ||= `call_${index}`))
      return {
        finishReason: finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
        toolCalls: calls,
        ...(usage ? { usage } : {}),
      }
    },
  }
}
