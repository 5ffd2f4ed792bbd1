import { deltas } from './deltas.js'
import type { DemoReply } from './types.js'
import type { StreamWire, WireContext } from './wire.js'

/** A reply as OpenAI `chat.completion.chunk` events, ending with a finish chunk, the usage chunk if asked for, and `[DONE]`. */
export function createChatWire(reply: DemoReply, context: WireContext): StreamWire {
  const created = Math.floor(Date.now() / 1000)
  const head = `data: {"id":${JSON.stringify(context.id)},"object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(context.model)},`
  const choice = `${head}"choices":[{"index":0,"delta":`
  return {
    head: '',
    frames: frames(deltas(reply), choice),
    malformed: 'data: {"id": not json\n\n',
    openLine: () => `${choice}{"content":"`,
    tail(written) {
      const reason = reply.toolCalls?.length ? 'tool_calls' : 'stop'
      let tail = `${choice}{},"finish_reason":"${reason}"}]}\n\n`
      if (context.includeUsage) {
        const usage = reply.usage ?? { prompt_tokens: context.promptTokens, completion_tokens: written }
        const total = usage.prompt_tokens + usage.completion_tokens
        tail += `${head}"choices":[],"usage":${JSON.stringify({ ...usage, total_tokens: total })}}\n\n`
      }
      return `${tail}data: [DONE]\n\n`
    },
  }
}

function* frames(source: Generator<string>, choice: string): Generator<string> {
  for (const delta of source) yield `${choice}${delta},"finish_reason":null}]}\n\n`
}
