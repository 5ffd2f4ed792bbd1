import { ProviderError } from './error.js'
import { withoutNul } from './without-nul.js'
import type { ChatRequest, ChatToolCall, ProviderClient, StreamResult, TextDeltaHandler, TokenUsage } from './types.js'

/** One scripted reply: a string is streamed word by word (each word with its following space). */
export type FakeReply =
  | string
  | {
      /** Text deltas as given; wins over `text`. */
      chunks?: string[]
      text?: string
      /** `arguments` is JSON-encoded unless it is a string, which is sent as is (even invalid JSON). */
      toolCalls?: { name: string; arguments: unknown; id?: string }[]
      /** Default: a rough count (four characters a token). */
      usage?: TokenUsage
      /** `network` fails before any text, a status fails with it, `cut` fails after the text. */
      error?: 'network' | 'cut' | number
      /** Default: `tool_calls` when there are tool calls, else `stop`. */
      finishReason?: string
    }

/** A reply, a list consumed in order (the last one repeats), or a function of the request. */
export type FakeScript = FakeReply | FakeReply[] | ((request: ChatRequest) => FakeReply)

export interface FakeProviderClient extends ProviderClient {
  /** Every request received, in order. */
  readonly requests: ChatRequest[]
}

/**
 * An in-memory provider for host tests (the kernel's `chatbot.fake(...)`). It fails with
 * `ProviderError`, like the real client. Deltas arrive one per macrotask,
 * like network chunks, so a test can abort mid-reply; an abort rejects with `signal.reason`.
 */
export function createFakeProviderClient(script: FakeScript): FakeProviderClient {
  const requests: ChatRequest[] = []
  const queue = Array.isArray(script) ? [...script] : undefined
  if (queue?.length === 0) throw new TypeError('createFakeProviderClient needs at least one reply.')
  let callIds = 0

  function next(request: ChatRequest): FakeReply {
    if (typeof script === 'function') return script(request)
    if (!queue) return script as FakeReply
    return queue.length > 1 ? queue.shift()! : queue[0]!
  }

  async function stream(request: ChatRequest, onText: TextDeltaHandler, signal: AbortSignal): Promise<StreamResult> {
    signal.throwIfAborted()
    requests.push({ ...request, messages: [...request.messages] })
    const reply = next(request)
    const spec: Exclude<FakeReply, string> = typeof reply === 'string' ? { text: reply } : reply
    const { chunks, text = '', toolCalls = [], usage, error, finishReason } = spec
    if (error === 'network') throw new ProviderError('Fake provider: network failure.', { kind: 'network' })
    if (typeof error === 'number') {
      throw new ProviderError(`Fake provider answered ${error}.`, { kind: 'status', status: error })
    }
    const deltas = (chunks ?? toWords(text)).map(withoutNul)
    for (const delta of deltas) {
      // Like the real client, which never hands over an empty delta.
      if (delta === '') continue
      await macrotask()
      signal.throwIfAborted()
      onText(delta)
    }
    await macrotask()
    signal.throwIfAborted()
    if (error === 'cut') throw new ProviderError('Fake provider: stream cut.', { kind: 'cut' })
    const calls: ChatToolCall[] = toolCalls.map((call) => ({
      id: call.id ?? `fake_call_${++callIds}`,
      type: 'function',
      function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
    }))
    return {
      finishReason: finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
      toolCalls: calls,
      usage: usage ?? roughUsage(request, deltas, calls),
    }
  }

  return { requests, stream }
}

/** `"Hello big world"` → `["Hello ", "big ", "world"]`. */
function toWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? []
}

function macrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

function roughUsage(request: ChatRequest, deltas: string[], calls: ChatToolCall[]): TokenUsage {
  const output = deltas.join('').length + calls.reduce((sum, call) => sum + call.function.arguments.length, 0)
  return { inputTokens: Math.ceil(JSON.stringify(request.messages).length / 4), outputTokens: Math.ceil(output / 4) }
}
