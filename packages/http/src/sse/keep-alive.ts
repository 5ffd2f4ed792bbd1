import type { SseStream } from './stream.js'

/**
 * One timer for all open streams (not one per stream): every tick, a stream that wrote nothing
 * for `intervalMs` gets a comment, so proxies and browsers do not take a slow tool or provider
 * for a dead connection.
 */
export function createKeepAlive(intervalMs: number) {
  const streams = new Set<SseStream>()
  const ticksPerInterval = 3
  let timer: ReturnType<typeof setInterval> | undefined

  const tick = () => {
    for (const stream of streams) {
      stream.idleTicks += 1
      if (stream.idleTicks >= ticksPerInterval) stream.keepAlive()
    }
  }

  return {
    get size() {
      return streams.size
    },
    add(stream: SseStream): void {
      streams.add(stream)
      if (!timer) {
        timer = setInterval(tick, Math.max(1, Math.floor(intervalMs / ticksPerInterval)))
        timer.unref()
      }
    },
    delete(stream: SseStream): void {
      streams.delete(stream)
      if (streams.size === 0 && timer) {
        clearInterval(timer)
        timer = undefined
      }
    },
  }
}

export type KeepAlive = ReturnType<typeof createKeepAlive>
