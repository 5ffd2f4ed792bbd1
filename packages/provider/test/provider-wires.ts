import type { ProviderApi } from '../src/types.js'

/**
 * Hand-made event streams in one provider API's wire format, for the contract tests that need a
 * stream the demo provider does not make (split bytes, a missing end, an error event).
 */
export interface HandMadeWire {
  /** Where the client posts, after the base URL. */
  path: string
  /** One text delta. */
  text(content: string): string
  /** One text delta, then the event that ends the reply with finish reason `stop`, without usage or `[DONE]`. */
  finished(content: string): string
  /** A whole reply of one text delta, ended as the API ends a stream. */
  whole(content: string): string
  /** The end of a stream that names no finish reason: `[DONE]` alone, or `response.completed`. */
  bareEnd(): string
  /** One tool call without an id: its name, then its arguments in `pieces`. */
  toolCallWithoutId(name: string, pieces: string[]): string
  /** A provider error inside the stream. */
  error(message: string, code: number): string
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`
const event = (value: { type: string } & Record<string, unknown>) => `event: ${value.type}\n${data(value)}`

const chat: HandMadeWire = {
  path: '/chat/completions',
  text: (content) => data({ choices: [{ delta: { content } }] }),
  finished: (content) => data({ choices: [{ delta: { content }, finish_reason: 'stop' }] }),
  whole: (content) => `${chat.finished(content)}data: [DONE]\n\n`,
  bareEnd: () => 'data: [DONE]\n\n',
  toolCallWithoutId: (name, pieces) =>
    data({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name, arguments: '' } }] } }] }) +
    pieces.map((piece) => data({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }] })).join(''),
  error: (message, code) => data({ error: { message, code } }),
}

const completed = event({ type: 'response.completed', response: { id: 'resp_1', object: 'response', status: 'completed', output: [] } })

const responses: HandMadeWire = {
  path: '/responses',
  text: (delta) => event({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta }),
  finished: (content) => `${responses.text(content)}${completed}`,
  whole: (content) => responses.finished(content),
  bareEnd: () => completed,
  toolCallWithoutId: (name, pieces) =>
    event({ type: 'response.output_item.added', output_index: 0, item: { type: 'function_call', id: 'fc_1', name, arguments: '' } }) +
    pieces.map((delta) => event({ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta })).join(''),
  error: (message, code) => event({ type: 'error', code, message }),
}

export const HAND_MADE_WIRES: Record<ProviderApi, HandMadeWire> = { chat, responses }
