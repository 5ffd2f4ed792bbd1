import type { StreamEvent } from '../turn/types.js'

const encoder = new TextEncoder()
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n')

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
}

/**
 * One server-sent-event response. Writing an event is one JSON.stringify, one encode and one
 * enqueue: no per-chunk stream layer. `onCancel` fires when the browser goes away.
 */
export class SseStream {
  readonly body: ReadableStream<Uint8Array>
  closed = false
  /** Keep-alive ticks since the last write (reset on every write). */
  idleTicks = 0
  #controller!: ReadableStreamDefaultController<Uint8Array>

  constructor(onCancel: (reason: unknown) => void) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller
      },
      cancel: (reason) => {
        this.closed = true
        onCancel(reason)
      },
    })
  }

  send(event: StreamEvent): void {
    this.write(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
  }

  keepAlive(): void {
    this.write(KEEP_ALIVE)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.#controller.close()
  }

  private write(bytes: Uint8Array): void {
    if (this.closed) return
    this.idleTicks = 0
    this.#controller.enqueue(bytes)
  }
}

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
