import { argumentsText, toolCallId, words } from './deltas.js'
import type { DemoReply } from './types.js'

/** The non-streaming `chat.completion` object for a reply. */
export function completionJson(reply: DemoReply, id: string, model: string, promptTokens: number): unknown {
  const content = reply.chunks ? reply.chunks.join('') : (reply.text ?? '')
  const toolCalls = reply.toolCalls?.map((call, index) => ({
    id: toolCallId(call, index),
    type: 'function',
    function: { name: call.name, arguments: argumentsText(call.arguments) },
  }))
  const usage = reply.usage ?? { prompt_tokens: promptTokens, completion_tokens: reply.chunks?.length ?? [...words(content)].length }
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: toolCalls && !content ? null : content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls?.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  }
}
