import type { ServerResponse } from 'node:http'
import { HTTPResponse, type H3Event } from 'h3'

const KEEP_ALIVE = ': keep-alive\n\n'
/**
 * Every stream's first bytes, sent alone with the head: a proxy that decides on compression from
 * its first read of the body (Caddy 2.6's `encode` compresses a first read over 512 bytes, then
 * holds the compressed stream until it ends, whatever `no-transform` says) sees a short one and
 * leaves the stream as it is. A resume's backlog or a turn's first event can be bigger.
 */
export const SSE_OPENING = ': open\n\n'
/**
 * Frames wait this long behind the opening, so that it reaches the proxy in a read of its own
 * (loopback Caddy needed well under this; see docs/deployment.md). Only the first frames wait.
 */
const OPENING_GAP_MS = 25

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
}

/**
 * One server-sent-event response. On Node's HTTP server each frame is written straight to the
 * `ServerResponse`, with no web stream in between: that stream layer (a `ReadableStream` with a
 * pending read, piped by srvx) was most of a slow stream's memory and delayed noticing a closed
 * socket. Elsewhere (`chatbot.fetch`, Nitro, Nuxt) the frames go through a `ReadableStream`.
 * `onCancel` fires once when the browser goes away.
 */
export class SseStream {
  closed = false
  /** Keep-alive ticks since the last write (reset on every write). */
  idleTicks = 0
  /** Frames written before the response reached its destination (the first frames of a turn). */
  #pending: string[] | undefined = []
  #write: ((frame: string) => void) | undefined
  #end: (() => void) | undefined
  /** The browser went away: nothing more is written. */
  #gone = false
  readonly #onCancel: (reason?: unknown) => void

  constructor(onCancel: (reason?: unknown) => void) {
    this.#onCancel = onCancel
  }

  /** The response carrying this stream, for the server the event came through. */
  response(event: H3Event, headers: Record<string, string>): HTTPResponse | Response {
    const res = (event.runtime?.node as { res?: ServerResponse } | undefined)?.res
    if (res) {
      // srvx writes the head (with the cookies h3 merged in) and hands over the Node response.
      const target = { pipe: (destination: ServerResponse) => this.#attachNode(destination), destroy: () => this.#cancel() }
      return new HTTPResponse(target as unknown as BodyInit, { headers })
    }
    return new Response(this.#readable(), { headers })
  }

  /** Writes one complete frame (`id:` and `data:` lines and the blank line that ends it). */
  write(frame: string): void {
    this.#frame(frame)
  }

  keepAlive(): void {
    this.#frame(KEEP_ALIVE)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.#end?.()
  }

  #frame(frame: string): void {
    if (this.closed) return
    this.idleTicks = 0
    if (this.#write) this.#write(frame)
    else this.#pending?.push(frame)
  }

  #attachNode(res: ServerResponse): void {
    res.once('close', () => {
      if (!res.writableFinished) this.#cancel()
    })
    // A write after the socket broke is dropped; 'close' follows and cancels the turn.
    res.on('error', () => {})
    res.write(SSE_OPENING, () => this.#afterOpening(() => this.#connect((frame) => res.write(frame), () => res.end())))
  }

  #readable(): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder()
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(encoder.encode(SSE_OPENING))
        this.#afterOpening(() => this.#connect((frame) => controller.enqueue(encoder.encode(frame)), () => controller.close()))
      },
      cancel: (reason) => this.#cancel(reason),
    })
  }

  #afterOpening(connect: () => void): void {
    setTimeout(() => {
      if (!this.#gone) connect()
    }, OPENING_GAP_MS)
  }

  /** Flushes what was written so far, then writes through; ends at once if the turn already closed. */
  #connect(write: (frame: string) => void, end: () => void): void {
    const pending = this.#pending ?? []
    this.#pending = undefined
    if (pending.length > 0) write(pending.join(''))
    if (this.closed) end()
    else {
      this.#write = write
      this.#end = end
    }
  }

  #cancel(reason?: unknown): void {
    this.#gone = true
    if (this.closed) return
    this.closed = true
    this.#write = undefined
    this.#end = undefined
    this.#onCancel(reason)
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

/** A server-sent-event response a plugin writes frames to (the replies plugin's resume route). */
export interface EventStream {
  /** Writes one complete frame; nothing once the stream closed. */
  write(frame: string): void
  close(): void
  readonly closed: boolean
  /** What the route handler returns. */
  readonly response: HTTPResponse | Response
}

/** Opens an event stream kept alive with the reply streams; `onClose` runs once if the browser leaves first. */
export function openEventStream(keepAlive: KeepAlive, event: H3Event, onClose?: () => void, headers: Record<string, string> = {}): EventStream {
  const sse = new SseStream(() => {
    keepAlive.delete(sse)
    onClose?.()
  })
  keepAlive.add(sse)
  return {
    write: (frame) => sse.write(frame),
    close() {
      keepAlive.delete(sse)
      sse.close()
    },
    get closed() {
      return sse.closed
    },
    response: sse.response(event, { ...SSE_HEADERS, ...headers }),
  }
}
