import type { ServerResponse } from 'node:http'
import { deltas } from './deltas.js'
import type { DemoReply } from './types.js'

export interface StreamContext {
  id: string
  model: string
  includeUsage: boolean
  promptTokens: number
  tokenDelayMs: number
  firstChunkDelayMs: number
}

/**
 * Streams a reply as OpenAI `chat.completion.chunk` events, one `res.write` per event, honouring
 * backpressure. Per connection it keeps a delta cursor, a counter and at most two timers.
 */
export function streamReply(res: ServerResponse, reply: DemoReply, context: StreamContext): void {
  const created = Math.floor(Date.now() / 1000)
  const head = `data: {"id":${JSON.stringify(context.id)},"object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(context.model)},`
  const choice = `${head}"choices":[{"index":0,"delta":`
  const source = deltas(reply)
  const tokenDelay = reply.tokenDelayMs ?? context.tokenDelayMs
  const firstDelay = reply.firstChunkDelayMs ?? context.firstChunkDelayMs
  const stopAfter = reply.cutAfterChunks ?? reply.hangAfterChunks
  let written = 0
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let firstTimer: NodeJS.Timeout | undefined

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
  res.flushHeaders()
  res.once('close', () => {
    closed = true
    clearTimeout(timer)
    clearTimeout(firstTimer)
  })

  function pump(): void {
    while (!closed) {
      const next = written === stopAfter ? undefined : source.next()
      if (!next || next.done) return stopAfter === undefined ? finish() : stop()
      const drained = res.write(`${choice}${next.value},"finish_reason":null}]}\n\n`)
      if (++written === 1) {
        if (reply.malformed) res.write('data: {"id": not json\n\n')
        for (const line of reply.rawLines ?? []) res.write(`${line}\n\n`)
        if (reply.endlessLineBytes !== undefined) return endlessLine(reply.endlessLineBytes)
      }
      if (!drained) return void res.once('drain', tokenDelay > 0 ? wait : pump)
      if (tokenDelay > 0 && written !== stopAfter) return wait()
    }
  }

  // One timer re-armed with `refresh()`: no allocation per token.
  function wait(): void {
    if (timer) timer.refresh()
    else timer = setTimeout(pump, tokenDelay)
  }

  /** A delta line that never ends: its bytes in pieces (as the socket drains), then silence. */
  function endlessLine(bytes: number): void {
    const piece = 'x'.repeat(64 * 1024)
    let left = bytes
    res.write(`${choice}{"content":"`)
    const more = (): void => {
      while (!closed && left > 0) {
        const size = Math.min(left, piece.length)
        left -= size
        if (!res.write(size === piece.length ? piece : piece.slice(0, size))) return void res.once('drain', more)
      }
    }
    more()
  }

  /** `cutAfterChunks` closes the socket once what was written is flushed; `hangAfterChunks` stays silent. */
  function stop(): void {
    if (reply.cutAfterChunks !== undefined) res.socket?.destroySoon()
  }

  function finish(): void {
    const reason = reply.toolCalls?.length ? 'tool_calls' : 'stop'
    res.write(`${choice}{},"finish_reason":"${reason}"}]}\n\n`)
    if (context.includeUsage) {
      const usage = reply.usage ?? { prompt_tokens: context.promptTokens, completion_tokens: written }
      const total = usage.prompt_tokens + usage.completion_tokens
      res.write(`${head}"choices":[],"usage":${JSON.stringify({ ...usage, total_tokens: total })}}\n\n`)
    }
    res.end('data: [DONE]\n\n')
  }

  if (firstDelay > 0) firstTimer = setTimeout(pump, firstDelay)
  else pump()
}
