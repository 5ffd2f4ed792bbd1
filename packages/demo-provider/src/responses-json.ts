import { argumentsText, toolCallId, words } from './deltas.js'
import type { DemoReply } from './types.js'
import type { WireContext } from './wire.js'

/** Tokens as a Responses `usage` counts them. */
export interface ResponsesUsage {
  input_tokens: number
  output_tokens: number
}

/** The ids of a reply's output items, derived from the response id (`resp_demo_3` → `msg_demo_3`, `fc_demo_3_0`). */
export const messageIdOf = (context: WireContext) => context.id.replace(/^resp_/, 'msg_')
export const functionCallIdOf = (context: WireContext, index: number) => `${context.id.replace(/^resp_/, 'fc_')}_${index}`

export function textPart(text: string): unknown {
  return { type: 'output_text', text, annotations: [] }
}

/** An assistant message item; `text` undefined while it has no content part yet. */
export function messageItem(id: string, status: 'in_progress' | 'completed', text?: string): unknown {
  return { id, type: 'message', status, role: 'assistant', content: text === undefined ? [] : [textPart(text)] }
}

export function functionCallItem(id: string, status: 'in_progress' | 'completed', callId: string, name: string, args: string): unknown {
  return { id, type: 'function_call', status, call_id: callId, name, arguments: args }
}

/** A `response` object, as `response.created` / `response.completed` carry it and a non-streaming request gets it. */
export function responseObject(context: WireContext, createdAt: number, status: string, output: unknown[], usage: ResponsesUsage | null): unknown {
  return {
    id: context.id,
    object: 'response',
    created_at: createdAt,
    status,
    error: null,
    incomplete_details: null,
    model: context.model,
    output,
    parallel_tool_calls: true,
    store: false,
    usage: usage && {
      input_tokens: usage.input_tokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.output_tokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input_tokens + usage.output_tokens,
    },
  }
}

/** The scripted usage in Responses terms, else the default: `outputTokens` as counted. */
export function responsesUsage(reply: DemoReply, context: WireContext, outputTokens: number): ResponsesUsage {
  return reply.usage
    ? { input_tokens: reply.usage.prompt_tokens, output_tokens: reply.usage.completion_tokens }
    : { input_tokens: context.promptTokens, output_tokens: outputTokens }
}

/** The whole non-streaming response for a reply, as `completionJson` is for chat completions. */
export function responseJson(reply: DemoReply, context: WireContext): unknown {
  const text = reply.chunks ? reply.chunks.join('') : (reply.text ?? '')
  const output: unknown[] = text ? [messageItem(messageIdOf(context), 'completed', text)] : []
  reply.toolCalls?.forEach((call, index) => {
    output.push(functionCallItem(functionCallIdOf(context, index), 'completed', toolCallId(call, index), call.name, argumentsText(call.arguments)))
  })
  const outputTokens = reply.chunks?.length ?? [...words(text)].length
  return responseObject(context, Math.floor(Date.now() / 1000), 'completed', output, responsesUsage(reply, context, outputTokens))
}
