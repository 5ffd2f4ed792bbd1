import type { DemoMessage, DemoRequest, DemoTool } from './types.js'

/** The parts of a `POST /v1/responses` body the demo provider reads. */
interface ResponsesBody {
  model?: string
  instructions?: unknown
  input?: unknown
  tools?: unknown
  tool_choice?: unknown
  stream?: unknown
  previous_response_id?: unknown
}

interface InputItem {
  type?: string
  role?: string
  content?: unknown
  call_id?: string
  name?: string
  arguments?: string
  output?: unknown
}

/**
 * A Responses request in chat-completions terms, so the same responder answers both routes:
 * `instructions` as a system message, `input` items as messages (function calls joined to the
 * assistant message before them), function tools in the chat shape. A string is the reason the
 * body is refused.
 */
export function fromResponsesRequest(body: ResponsesBody): DemoRequest | string {
  if (body.previous_response_id !== undefined && body.previous_response_id !== null) {
    return 'previous_response_id is not supported: the demo provider stores no responses, send the whole conversation as input.'
  }
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : body.input
  if (!Array.isArray(input)) return 'The body must be JSON with an `input` string or array.'
  const messages: DemoMessage[] = typeof body.instructions === 'string' && body.instructions !== '' ? [{ role: 'system', content: body.instructions }] : []
  for (const item of input as InputItem[]) {
    if (typeof item !== 'object' || item === null) return 'Every `input` item must be an object.'
    if (item.type === 'function_call') {
      const call = { id: item.call_id ?? '', function: { name: item.name ?? '', arguments: item.arguments ?? '' } }
      const last = messages.at(-1)
      if (last?.role === 'assistant') (last.tool_calls ??= []).push(call)
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] })
    } else if (item.type === 'function_call_output') {
      messages.push({ role: 'tool', tool_call_id: item.call_id ?? '', content: typeof item.output === 'string' ? item.output : JSON.stringify(item.output) })
    } else if (item.type === undefined || item.type === 'message') {
      messages.push({ role: item.role === 'developer' ? 'system' : (item.role ?? 'user'), content: contentOf(item.content) })
    }
  }
  const tools = Array.isArray(body.tools) ? (body.tools as { type?: string; name?: string; description?: string; parameters?: Record<string, unknown> }[]) : []
  return {
    ...(body.model !== undefined ? { model: body.model } : {}),
    messages,
    tools: tools
      .filter((tool) => tool?.type === 'function' && typeof tool.name === 'string')
      .map((tool): DemoTool => ({ type: 'function', function: { name: tool.name!, description: tool.description, parameters: tool.parameters } })),
    ...(body.tool_choice !== undefined ? { tool_choice: body.tool_choice } : {}),
    stream: body.stream === true,
  }
}

/** A string, or content parts (`input_text`, `output_text`) as chat content parts. */
function contentOf(content: unknown): DemoMessage['content'] {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return (content as { type?: string; text?: string }[]).map((part) => ({ type: 'text', text: part?.text ?? '' }))
}
