import type { ServerResponse } from 'node:http'
import { HTTPResponse, type H3Event } from 'h3'

const KEEP_ALIVE = ': keep-alive\n\n'

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
    this.#connect((frame) => res.write(frame), () => res.end())
  }

  #readable(): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder()
    return new ReadableStream<Uint8Array>({
      start: (controller) => this.#connect((frame) => controller.enqueue(encoder.encode(frame)), () => controller.close()),
      cancel: (reason) => this.#cancel(reason),
    })
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
    if (this.closed) return
    this.closed = true
    this.#write = undefined
    this.#end = undefined
    this.#onCancel(reason)
  }
}
