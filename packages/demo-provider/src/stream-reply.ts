import type { ServerResponse } from 'node:http'
import type { DemoReply } from './types.js'
import type { StreamWire } from './wire.js'

export interface StreamPace {
  tokenDelayMs: number
  firstChunkDelayMs: number
}

/**
 * Streams a reply's frames as the wire (chat chunks or Responses events) makes them, one
 * `res.write` per frame, honouring backpressure, and injects the reply's faults (cut, hang,
 * malformed and raw lines, an endless line). Per connection it keeps the wire's cursor, a counter
 * and at most two timers.
 */
export function streamReply(res: ServerResponse, reply: DemoReply, wire: StreamWire, pace: StreamPace): void {
  const tokenDelay = reply.tokenDelayMs ?? pace.tokenDelayMs
  const firstDelay = reply.firstChunkDelayMs ?? pace.firstChunkDelayMs
  const stopAfter = reply.cutAfterChunks ?? reply.hangAfterChunks
  let written = 0
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let firstTimer: NodeJS.Timeout | undefined

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
  if (wire.head) res.write(wire.head)
  else res.flushHeaders()
  res.once('close', () => {
    closed = true
    clearTimeout(timer)
    clearTimeout(firstTimer)
  })

  function pump(): void {
    while (!closed) {
      const next = written === stopAfter ? undefined : wire.frames.next()
      if (!next || next.done) return stopAfter === undefined ? void res.end(wire.tail(written)) : stop()
      const drained = res.write(next.value)
      if (++written === 1) {
        if (reply.malformed) res.write(wire.malformed)
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
    res.write(wire.openLine())
    const more = (): void => {
      while (!closed && left > 0) {
        const size = Math.min(left, piece.length)
        left -= size
        if (!res.write(size === piece.length ? piece : piece.slice(0, size))) return void res.once('drain', more)
      }
    }
    more()
  }

  /**
   * `cutAfterChunks` closes the socket once what was written has left the response (the write's
   * callback: on Node 24 `socket.destroySoon()` dropped what the response still held);
   * `hangAfterChunks` stays silent.
   */
  function stop(): void {
    if (reply.cutAfterChunks !== undefined) res.write('', () => res.socket?.destroy())
  }

  if (firstDelay > 0) firstTimer = setTimeout(pump, firstDelay)
  else pump()
}
