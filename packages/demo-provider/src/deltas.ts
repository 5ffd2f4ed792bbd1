import type { DemoReply } from './types.js'

/** Word tokens: each word with the whitespace after it, so joining them gives the text back. */
export function* words(text: string): Generator<string> {
  for (const match of text.matchAll(/\s*\S+\s*/g)) yield match[0]
}

/** A tool call's arguments as sent on the wire: strings as is, anything else as JSON. */
export function argumentsText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? {})
}

export function toolCallId(call: { id?: string }, index: number): string {
  return call.id ?? `call_demo_${index}`
}

/**
 * The `delta` objects of a streamed reply, serialized, produced lazily so that a connection holds
 * only its cursor and never the whole list: text first, then each tool call as a head fragment
 * (id, name) followed by its arguments in three pieces, the way OpenAI splits them.
 */
export function* deltas(reply: DemoReply): Generator<string> {
  let role = '"role":"assistant",'
  for (const text of reply.chunks ?? words(reply.text ?? '')) {
    yield `{${role}"content":${JSON.stringify(text)}}`
    role = ''
  }
  const calls = reply.toolCalls ?? []
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!
    const head = { index, id: toolCallId(call, index), type: 'function', function: { name: call.name, arguments: '' } }
    yield `{${role}"content":null,"tool_calls":[${JSON.stringify(head)}]}`
    role = ''
    for (const piece of argumentPieces(argumentsText(call.arguments))) {
      yield `{"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(piece)}}}]}`
    }
  }
}

/** A tool call's arguments in three pieces, the way OpenAI splits them; none for `''`. */
export function* argumentPieces(args: string): Generator<string> {
  const size = Math.max(1, Math.ceil(args.length / 3))
  for (let start = 0; start < args.length; start += size) yield args.slice(start, start + size)
}
