import { argumentPieces, argumentsText, toolCallId, words } from './deltas.js'
import { functionCallIdOf, functionCallItem, messageIdOf, messageItem, responseObject, responsesUsage, textPart } from './responses-json.js'
import type { DemoReply } from './types.js'
import type { StreamWire, WireContext } from './wire.js'

/**
 * A reply as Responses API streaming events (`event: <type>` / `data: {type, sequence_number, …}`):
 * `response.created`, the message item with its `output_text` deltas, each function call item with
 * its argument deltas, every item closed with its `.done` events, then `response.completed` with
 * the usage. Each text or argument delta (and each call's `output_item.added`) is one frame, as the
 * chat wire's chunks are; the events that open or close an item ride along with a frame.
 */
export function createResponsesWire(reply: DemoReply, context: WireContext): StreamWire {
  const createdAt = Math.floor(Date.now() / 1000)
  const messageId = messageIdOf(context)
  const output: unknown[] = []
  let sequence = 0
  // The events that end the previous item, written before the next frame or in the tail.
  let closing = ''

  const event = (type: string, fields: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`
  const textDelta = () =>
    `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":${sequence++},"item_id":"${messageId}","output_index":0,"content_index":0,"delta":`

  function* frames(): Generator<string> {
    let text: string | undefined
    for (const delta of reply.chunks ?? words(reply.text ?? '')) {
      let opening = ''
      if (text === undefined) {
        text = ''
        opening =
          event('response.output_item.added', { output_index: 0, item: messageItem(messageId, 'in_progress') }) +
          event('response.content_part.added', { item_id: messageId, output_index: 0, content_index: 0, part: textPart('') })
      }
      text += delta
      yield `${opening}${textDelta()}${JSON.stringify(delta)},"logprobs":[]}\n\n`
    }
    if (text !== undefined) {
      const item = messageItem(messageId, 'completed', text)
      output.push(item)
      const at = { item_id: messageId, output_index: 0, content_index: 0 }
      closing =
        event('response.output_text.done', { ...at, text, logprobs: [] }) +
        event('response.content_part.done', { ...at, part: textPart(text) }) +
        event('response.output_item.done', { output_index: 0, item })
    }
    const calls = reply.toolCalls ?? []
    for (let index = 0; index < calls.length; index++) {
      const call = calls[index]!
      const at = { item_id: functionCallIdOf(context, index), output_index: output.length }
      const callId = toolCallId(call, index)
      yield closing + event('response.output_item.added', { output_index: at.output_index, item: functionCallItem(at.item_id, 'in_progress', callId, call.name, '') })
      closing = ''
      const args = argumentsText(call.arguments)
      for (const piece of argumentPieces(args)) yield event('response.function_call_arguments.delta', { ...at, delta: piece })
      const item = functionCallItem(at.item_id, 'completed', callId, call.name, args)
      output.push(item)
      closing = event('response.function_call_arguments.done', { ...at, name: call.name, arguments: args }) + event('response.output_item.done', { output_index: at.output_index, item })
    }
  }

  const started = responseObject(context, createdAt, 'in_progress', [], null)
  return {
    head: event('response.created', { response: started }) + event('response.in_progress', { response: started }),
    frames: frames(),
    malformed: 'event: response.output_text.delta\ndata: {"type": not json\n\n',
    openLine: () => `${textDelta()}"`,
    tail: (written) => closing + event('response.completed', { response: responseObject(context, createdAt, 'completed', output, responsesUsage(reply, context, written)) }),
  }
}
