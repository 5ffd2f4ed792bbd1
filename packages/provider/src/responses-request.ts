import type { ChatContentPart, ChatMessage, ChatRequest, ChatToolDefinition } from './types.js'

/**
 * Keys the Responses body never takes from the ChatRequest as they are: the ones mapped below,
 * chat-only options with no Responses counterpart (OpenAI refuses unknown parameters), and
 * `previous_response_id`: the conversation is stored by us and sent whole every time.
 */
const NOT_PASSED = new Set([
  'messages',
  'tools',
  'tool_choice',
  'stream',
  'stream_options',
  'max_tokens',
  'max_completion_tokens',
  'reasoning_effort',
  'n',
  'stop',
  'seed',
  'frequency_penalty',
  'presence_penalty',
  'logit_bias',
  'logprobs',
  'previous_response_id',
  'response_format',
])

/**
 * The streaming `POST /responses` body for a chat-completions request: the leading system
 * messages become `instructions`, the rest `input` items; `store: false`, since nothing is
 * fetched back by id. Other keys a plugin set pass as they are (`temperature`, `top_p`, `user`,
 * `metadata`, `parallel_tool_calls`, or Responses-only ones such as `truncation`).
 */
export function toResponsesBody(request: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const key of Object.keys(request)) if (!NOT_PASSED.has(key)) body[key] = request[key]
  const { instructions, input } = toInput(request.messages)
  if (instructions !== undefined) body.instructions = instructions
  body.input = input
  if (request.tools) body.tools = request.tools.map(toFunctionTool)
  if (request.tool_choice !== undefined) body.tool_choice = toToolChoice(request.tool_choice)
  const maxTokens = request.max_completion_tokens ?? request.max_tokens
  if (maxTokens !== undefined) body.max_output_tokens = maxTokens
  if (request.reasoning_effort !== undefined && body.reasoning === undefined) body.reasoning = { effort: request.reasoning_effort }
  // Chat's `response_format` is the Responses API's `text.format`, its `json_schema` flattened.
  const format = request.response_format as { type?: string; json_schema?: Record<string, unknown> } | undefined
  if (format !== undefined && body.text === undefined) body.text = { format: format.type === 'json_schema' ? { type: 'json_schema', ...format.json_schema } : format }
  body.stream = true
  body.store = false
  return body
}

/** Messages as `input` items; the system messages before the first other one as `instructions`. */
function toInput(messages: ChatMessage[]): { instructions: string | undefined; input: unknown[] } {
  let start = 0
  while (start < messages.length && messages[start]!.role === 'system') start++
  const instructions = start > 0 ? messages.slice(0, start).map((message) => message.content as string).join('\n\n') : undefined
  const input: unknown[] = []
  for (const message of messages.slice(start)) {
    if (message.role === 'tool') {
      input.push({ type: 'function_call_output', call_id: message.tool_call_id, output: message.content })
    } else if (message.role === 'assistant') {
      if (message.content) input.push({ type: 'message', role: 'assistant', content: message.content })
      for (const call of message.tool_calls ?? []) {
        input.push({ type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments })
      }
    } else {
      input.push({ type: 'message', role: message.role, content: typeof message.content === 'string' ? message.content : message.content.map(toInputPart) })
    }
  }
  return { instructions, input }
}

/** A chat content part as the Responses API's `input_text` or `input_image`. */
function toInputPart(part: ChatContentPart): Record<string, unknown> {
  return part.type === 'text' ? { type: 'input_text', text: part.text } : { type: 'input_image', image_url: part.image_url.url }
}

/**
 * The Responses function-tool shape. `strict: false` is sent because the Responses API defaults
 * to `true` (chat completions to `false`), which would refuse most hand-written schemas.
 */
function toFunctionTool({ function: tool }: ChatToolDefinition): Record<string, unknown> {
  return { type: 'function', name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), parameters: tool.parameters, strict: false }
}

/** `'auto'`, `'none'` and `'required'` as they are; a chat `{ type: 'function', function: { name } }` flattened. */
function toToolChoice(choice: unknown): unknown {
  const named = (choice as { type?: unknown; function?: { name?: unknown } } | null)?.function?.name
  return typeof named === 'string' ? { type: 'function', name: named } : choice
}
